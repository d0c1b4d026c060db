import { ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { can } from '../../../../common/permissions';
import { updateCompanySchema } from '../../../../common/validation/companies';
import { formatDate, formatMoney, formatNumber } from '../../../components/data-table/format';
import { useOwnerOptions, useTagNames } from '../../../components/data-table/use-record-options';
import { RecordCustomFields } from '../../../components/data-table/record-custom-fields';
import { RelatedObjectRecords } from '../../objects/components/related-object-records';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { InlineField, ruleOf } from '../../../components/ui/inline-edit';
import { SidePanel, SidePanelContent } from '../../../components/ui/side-panel';
import { Skeleton } from '../../../components/ui/skeleton';
import { TagsInput } from '../../../components/ui/tags-input';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type Company, useCompany, useDeleteCompany, useUpdateCompany } from '../api';
import {
  displayWebsite,
  relationshipBadge,
  relationshipLabel,
  relationshipOptions,
} from '../company-options';

const shape = updateCompanySchema.shape;

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
  const owners = useOwnerOptions(me);
  const tagNames = useTagNames();
  const [deleting, setDeleting] = useState(false);
  const readOnly = !can(me, 'companies', 'update');
  const canDelete = can(me, 'companies', 'delete');
  const save = (key: keyof Company) => (value: unknown) => update.mutate({ [key]: value });

  const confirmDelete = async () => {
    try {
      await deleteCompany.mutateAsync(company.id);
      toast.success('Company deleted', { description: `${company.companyName} was removed.` });
      setDeleting(false);
      onClose();
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
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
        <section aria-labelledby="company-details" className="grid gap-3">
          <h3 id="company-details" className="text-sm font-semibold">
            Details
          </h3>
          <InlineField
            label="Company name"
            value={company.companyName}
            readOnly={readOnly}
            validate={ruleOf(shape.companyName)}
            onSave={save('companyName')}
          />
          <div>
            <InlineField
              label="Website"
              kind="url"
              value={company.website ?? ''}
              display={displayWebsite(company.website)}
              placeholder="https://"
              readOnly={readOnly}
              validate={ruleOf(shape.website)}
              onSave={save('website')}
            />
            {company.website ? (
              <a
                href={company.website}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-0.5 inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
              >
                Open website
                <ExternalLink className="size-3" aria-hidden="true" />
              </a>
            ) : null}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <InlineField
              label="Relationship"
              kind="select"
              options={relationshipOptions}
              value={company.relationshipStatus}
              readOnly={readOnly}
              onSave={save('relationshipStatus')}
            />
            <InlineField
              label="Owner"
              kind="select"
              options={owners.options}
              emptyLabel="Unassigned"
              value={company.assignedTo ?? ''}
              display={owners.nameOf(company.assignedTo)}
              readOnly={readOnly}
              onSave={save('assignedTo')}
            />
            <InlineField
              label="Industry"
              value={company.industry ?? ''}
              readOnly={readOnly}
              onSave={save('industry')}
            />
            <InlineField
              label="Company type"
              value={company.companyType ?? ''}
              readOnly={readOnly}
              onSave={save('companyType')}
            />
            <InlineField
              label="Key contact"
              value={company.keyContact ?? ''}
              readOnly={readOnly}
              onSave={save('keyContact')}
            />
            <InlineField
              label="Headquarters"
              value={company.hqLocation ?? ''}
              readOnly={readOnly}
              onSave={save('hqLocation')}
            />
            <InlineField
              label="Employees"
              kind="number"
              value={company.employeeCount === null ? '' : String(company.employeeCount)}
              display={formatNumber(company.employeeCount)}
              readOnly={readOnly}
              validate={ruleOf(shape.employeeCount)}
              onSave={save('employeeCount')}
            />
            <InlineField
              label="Estimated revenue"
              value={company.estimatedRevenue === null ? '' : String(company.estimatedRevenue)}
              display={formatMoney(company.estimatedRevenue)}
              placeholder="$"
              readOnly={readOnly}
              validate={ruleOf(shape.estimatedRevenue)}
              onSave={save('estimatedRevenue')}
            />
          </div>
          <InlineField
            label="Notes"
            kind="textarea"
            value={company.notes ?? ''}
            readOnly={readOnly}
            onSave={save('notes')}
          />
        </section>

        <section aria-labelledby="company-tags" className="grid gap-2">
          <h3 id="company-tags" className="text-sm font-semibold">
            Tags
          </h3>
          <TagsInput
            aria-label="Tags"
            value={company.customTags}
            onChange={(customTags) => update.mutate({ customTags })}
            suggestions={tagNames}
            disabled={readOnly}
          />
        </section>

        <section aria-labelledby="company-tech" className="grid gap-2">
          <h3 id="company-tech" className="text-sm font-semibold">
            Tech stack
          </h3>
          <TagsInput
            aria-label="Tech stack"
            value={company.techStack}
            onChange={(techStack) => update.mutate({ techStack })}
            placeholder="Add a tool…"
            disabled={readOnly}
          />
        </section>

        <RecordCustomFields
          variant="section"
          entityType="company"
          values={company.customFields}
          recordName={company.companyName}
          canEdit={!readOnly}
          currency={me.defaultCurrency}
          onSave={(customFields) => update.mutateAsync({ customFields })}
        />
        <RelatedObjectRecords
          variant="section"
          subject={{ type: 'company', id: company.id }}
          recordName={company.companyName}
        />
      </div>

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${company.companyName}?`}
        description="The company is deleted. This cannot be undone."
        confirmLabel="Delete company"
        pendingLabel="Deleting…"
        pending={deleteCompany.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </SidePanelContent>
  );
}
