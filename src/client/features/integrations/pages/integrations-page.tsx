import { BookOpen, ChevronRight, ExternalLink, KeyRound, Upload, Webhook } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { buttonClassName } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiKeysSection } from '../../api-keys/components/api-keys-section';
import { ImportsSection } from '../../imports/components/imports-section';
import { WebhooksSection } from '../../webhooks/components/webhooks-section';

const tabs = ['api-keys', 'webhooks', 'imports'] as const;
type IntegrationsTab = (typeof tabs)[number];

const isTab = (value: string | null): value is IntegrationsTab =>
  (tabs as readonly string[]).includes(value ?? '');

/** The interactive API reference (issue 19): served by the server, outside this app. */
export const apiReferenceUrl = '/api/docs';

/**
 * /integrations (guarded by settings:view): API keys, webhooks and imports, one tab each. The tab
 * is in the address (`?tab=webhooks`), so a link or a reload lands on it.
 */
export function IntegrationsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: IntegrationsTab = isTab(requested) ? requested : 'api-keys';
  const choose = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'api-keys') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <PageContainer>
      <PageHeader
        eyebrow={
          <nav aria-label="Breadcrumb" className="flex items-center gap-1">
            <Link href="/settings" className="hover:text-foreground">
              Settings
            </Link>
            <ChevronRight className="size-3.5" aria-hidden="true" />
            <span aria-current="page">Integrations</span>
          </nav>
        }
        title="Integrations"
        description="Connect Locus to the tools you already use: API keys for scripts and apps, webhooks that tell them when something changes, and imports from spreadsheets."
        actions={
          <a
            href={apiReferenceUrl}
            target="_blank"
            rel="noopener"
            className={buttonClassName({ variant: 'secondary' })}
          >
            <BookOpen aria-hidden="true" />
            API reference
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        }
      />
      <Tabs value={tab} onValueChange={choose} className="mt-6">
        <TabsList className="mb-4 max-w-full overflow-x-auto">
          <TabsTrigger value="api-keys">
            <KeyRound aria-hidden="true" />
            API keys
          </TabsTrigger>
          <TabsTrigger value="webhooks">
            <Webhook aria-hidden="true" />
            Webhooks
          </TabsTrigger>
          <TabsTrigger value="imports">
            <Upload aria-hidden="true" />
            Imports
          </TabsTrigger>
        </TabsList>
        <TabsContent value="api-keys">
          <ApiKeysSection />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhooksSection />
        </TabsContent>
        <TabsContent value="imports">
          <ImportsSection />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
