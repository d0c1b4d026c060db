import { Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { can } from '../../../../common/permissions';
import { formatDate } from '../../../components/data-table/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SidePanel, SidePanelContent } from '../../../components/ui/side-panel';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { useSignedInUser } from '../../auth/signed-in-user';
import { RecordDetailFields, RecordTagsInput } from '../../records/record-detail-fields';
import { RelatedObjectRecords } from '../../objects/components/related-object-records';
import { RecordEmail } from '../../email/record-email-tab';
import { DescribedCustomFields, fieldPatch, RecordDeleteDialog } from '../../records/record-detail-page';
import { useRecordChoices } from '../../records/use-record-choices';
import { type Company, useCompany, useDeleteCompany, useUpdateCompany } from '../api';
import { relationshipBadge, relationshipLabel } from '../company-options';
import { companyDetailDescription } from '../company-record-fields';

interface CompanyPanelProps {
  /** The company open in the panel (`?open=` in the address), or null. */
  companyId: string | null;
  onClose: () => void;
}

/** A company beside the list: every field edited in place, tags, custom fields, delete. */
export function CompanyPanel({ companyId, onClose }: CompanyPanelProps) {
  const company = useCompany(companyId);
  return (
    <SidePanel open={companyId !== null} onOpenChange={(open) => !open && onClose()}>
      {companyId ? (
        company.data ? (
          <CompanyPanelContent company={company.data} onClose={onClose} />
        ) : (
          <SidePanelContent
            title={company.isError ? 'Company not found' : 'Loading company…'}
            description={company.isError ? readApiError(company.error).message : undefined}
          >
            {company.isError ? (
              <p className="text-sm text-muted-foreground">It may have been deleted, or the link is wrong.</p>
            ) : (
              <div className="grid gap-4" aria-busy="true">
                {[0, 1, 2, 3, 4, 5].map((key) => (
                  <div key={key}>
                    <Skeleton className="h-3 w-20" />
                    <Skeleton className="mt-2 h-4 w-48" />
                  </div>
                ))}
              </div>
            )}
          </SidePanelContent>
        )
      ) : null}
    </SidePanel>
  );
}

function CompanyPanelContent({ company, onClose }: { company: Company; onClose: () => void }) {
  const me = useSignedInUser();
  const update = useUpdateCompany(company.id);
  const deleteCompany = useDeleteCompany();
  const choices = useRecordChoices();
  const [deleting, setDeleting] = useState(false);
  const readOnly = !can(me, 'companies', 'update');
  const canDelete = can(me, 'companies', 'delete');
  const description = companyDetailDescription;
  const fieldProps = {
    record: company as unknown as Record<string, unknown>,
    onSave: (name: string, value: unknown) => update.mutate(fieldPatch(company, name, value)),
    readOnly,
    choices,
  };

  return (
    <SidePanelContent
      title={company.companyName}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <Badge variant={relationshipBadge[company.relationshipStatus] ?? 'neutral'}>
            {relationshipLabel(company.relationshipStatus)}
          </Badge>
          <span>Added {formatDate(company.createdAt)}</span>
        </span>
      }
      actions={
        canDelete ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-9 text-muted-foreground"
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" />
            <span className="sr-only">Delete company</span>
          </Button>
        ) : null
      }
      // Escape inside a field being edited cancels the edit, not the panel.
      onEscapeKeyDown={(event) => {
        if (event.target instanceof Element && event.target.closest('[data-inline-edit]'))
          event.preventDefault();
      }}
    >
      <div className="flex flex-col gap-6">
        {description.sections.map((section) => (
          <PanelSection key={section.title} title={section.title}>
            <RecordDetailFields
              section={section}
              layout="stacked"
              rules={description.rules}
              {...fieldProps}
            />
          </PanelSection>
        ))}
        {description.tagFields.map((field) => (
          <PanelSection key={field.name} title={field.label}>
            <RecordTagsInput field={field} {...fieldProps} />
          </PanelSection>
        ))}
        <DescribedCustomFields
          variant="section"
          description={description}
          record={company}
          update={update}
          readOnly={readOnly}
        />
        <RelatedObjectRecords
          variant="section"
          subject={{ type: 'company', id: company.id }}
          recordName={company.companyName}
        />
        <RecordEmail record={{ entityType: 'company', entityId: company.id, name: company.companyName }} />
      </div>

      <RecordDeleteDialog
        description={description}
        record={company}
        remove={deleteCompany}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => {
          setDeleting(false);
          onClose();
        }}
      />
    </SidePanelContent>
  );
}

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
