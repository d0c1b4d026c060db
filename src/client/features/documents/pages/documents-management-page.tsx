import { FilePlus2, FileUp } from 'lucide-react';
import { TemplatesPanel } from '../../document-templates/components/templates-panel';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { can } from '../../../../common/permissions';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSignedInUser } from '../../auth/signed-in-user';
import { DocumentsList } from '../components/documents-list';
import { NewDocumentDialog } from '../components/new-document-dialog';
import { UploadPdfDialog } from '../components/upload-pdf-dialog';
import { documentsTourTargets } from '../tour-targets';

type Tab = 'documents' | 'templates';

/** /documents/management: every document of the organization, and (for managers) the templates. */
export function DocumentsManagementPage() {
  const me = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const canCreate = can(me, 'documents', 'create');
  const canManageTemplates = can(me, 'settings', 'manage');
  const tab: Tab = params.get('tab') === 'templates' && canManageTemplates ? 'templates' : 'documents';
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);

  return (
    <PageContainer>
      <PageHeader
        data-tour={documentsTourTargets.header}
        title="Documents"
        description="Agreements, forms and letters for your clients and deals, from your templates or uploaded as PDFs."
        actions={
          canCreate ? (
            <>
              <Button variant="secondary" onClick={() => setUploading(true)}>
                <FileUp aria-hidden="true" />
                Upload PDF
              </Button>
              <Button onClick={() => setCreating(true)} data-tour={documentsTourTargets.createButton}>
                <FilePlus2 aria-hidden="true" />
                New document
              </Button>
            </>
          ) : null
        }
      />
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(
            (current) => {
              const query = new URLSearchParams(current);
              if (next === 'templates') query.set('tab', 'templates');
              else query.delete('tab');
              return query;
            },
            { replace: true },
          )
        }
        className="mt-6"
      >
        {canManageTemplates ? (
          <TabsList aria-label="Documents and templates" className="mb-4">
            <TabsTrigger value="documents">Documents</TabsTrigger>
            <TabsTrigger value="templates">Templates</TabsTrigger>
          </TabsList>
        ) : null}
        <TabsContent value="documents">
          <DocumentsList
            onCreate={canCreate ? () => setCreating(true) : undefined}
            onUpload={canCreate ? () => setUploading(true) : undefined}
          />
        </TabsContent>
        {canManageTemplates ? (
          <TabsContent value="templates">
            <TemplatesPanel />
          </TabsContent>
        ) : null}
      </Tabs>
      <NewDocumentDialog open={creating} onOpenChange={setCreating} />
      <UploadPdfDialog open={uploading} onOpenChange={setUploading} />
    </PageContainer>
  );
}
