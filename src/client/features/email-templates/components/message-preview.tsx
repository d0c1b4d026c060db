import { Eye } from 'lucide-react';
import { useState } from 'react';
import { type MergeEntityType, mergeEntityTypes, mergeGroupLabels } from '../../../../common/merge-fields';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { recordName, usePreview, usePreviewRecords } from '../api';

/**
 * Preview with a real record: pick a lead, client, company or deal, and see the subject and body
 * as the recipient would, merge fields filled. The HTML shows in a sandboxed frame (no scripts,
 * no same-origin access), like a received message.
 */
export function MessagePreview({
  subject,
  bodyHtml,
  idPrefix,
}: {
  subject: string;
  bodyHtml: string;
  idPrefix: string;
}) {
  const [entityType, setEntityType] = useState<MergeEntityType | ''>('lead');
  const [entityId, setEntityId] = useState('');
  const records = usePreviewRecords(entityType);
  const preview = usePreview();

  const run = () =>
    preview.mutate({
      subject,
      bodyHtml: bodyHtml || '<p></p>',
      ...(entityType && entityId ? { entityType, entityId } : {}),
    });

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-3">
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${idPrefix}-preview-type`}>Preview with</Label>
          <Select
            id={`${idPrefix}-preview-type`}
            value={entityType}
            onChange={(event) => {
              setEntityType(event.target.value as MergeEntityType | '');
              setEntityId('');
            }}
          >
            <option value="">No record</option>
            {mergeEntityTypes.map((type) => (
              <option key={type} value={type}>
                {mergeGroupLabels[type]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${idPrefix}-preview-record`}>Record</Label>
          <Select
            id={`${idPrefix}-preview-record`}
            value={entityId}
            disabled={entityType === '' || records.isPending}
            onChange={(event) => setEntityId(event.target.value)}
          >
            <option value="">
              {entityType === ''
                ? 'Organization and sender only'
                : records.isPending
                  ? 'Loading…'
                  : (records.data?.items.length ?? 0) === 0
                    ? 'No records yet'
                    : 'Choose a record'}
            </option>
            {entityType !== ''
              ? records.data?.items.map((record) => (
                  <option key={record.id} value={record.id}>
                    {recordName(entityType, record)}
                  </option>
                ))
              : null}
          </Select>
        </div>
        <Button type="button" variant="secondary" onClick={run} disabled={preview.isPending}>
          {preview.isPending ? <Spinner /> : <Eye aria-hidden="true" />}
          Preview
        </Button>
      </div>
      {preview.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {readApiError(preview.error).message}
        </p>
      ) : null}
      {preview.data ? (
        <div className="flex flex-col gap-2" aria-live="polite">
          {subject !== '' ? (
            <p className="text-sm">
              <span className="text-muted-foreground">Subject: </span>
              <span className="font-medium" data-testid="preview-subject">
                {preview.data.subject}
              </span>
            </p>
          ) : null}
          <iframe
            title="Rendered message"
            sandbox=""
            // No inline styles: the frame inherits the app's CSP (style-src 'self'), like a received message would.
            srcDoc={`<!doctype html><meta charset="utf-8"><body>${preview.data.bodyHtml}</body>`}
            className="h-64 w-full rounded-md border border-border bg-white"
          />
        </div>
      ) : null}
    </div>
  );
}
