import { ChevronRight, Users, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { can } from '../../../../common/permissions';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSignedInUser } from '../../auth/signed-in-user';
import { useTeams } from '../api';
import { TeamsPanel } from '../components/teams-panel';
import { UsersPanel } from '../components/users-panel';

/** /users: the organization's people and teams (guarded by users:read). */
export function UsersPage() {
  const me = useSignedInUser();
  const canReadTeams = can(me, 'teams', 'read');
  const teams = useTeams({ enabled: canReadTeams });
  const [tab, setTab] = useState('users');

  return (
    <PageContainer>
      <PageHeader
        eyebrow={
          <nav aria-label="Breadcrumb" className="flex items-center gap-1">
            <Link href="/settings" className="hover:text-foreground">
              Settings
            </Link>
            <ChevronRight className="size-3.5" aria-hidden="true" />
            <span aria-current="page">Users</span>
          </nav>
        }
        title="Users and teams"
        description="Invite the people you work with, decide what each of them can do, and group them into teams."
      />
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        {canReadTeams ? (
          <TabsList className="mb-4">
            <TabsTrigger value="users">
              <Users aria-hidden="true" />
              Users
            </TabsTrigger>
            <TabsTrigger value="teams">
              <UsersRound aria-hidden="true" />
              Teams
            </TabsTrigger>
          </TabsList>
        ) : null}
        <TabsContent value="users">
          <UsersPanel teams={canReadTeams ? (teams.data?.items ?? []) : null} />
        </TabsContent>
        {canReadTeams ? (
          <TabsContent value="teams">
            <TeamsPanel />
          </TabsContent>
        ) : null}
      </Tabs>
    </PageContainer>
  );
}
