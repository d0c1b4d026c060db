import { Download, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { parseDocumentContent } from '../../../../common/documents/document-content';
import { buttonClassName } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { DocumentEditor } from '../../document-editor/components/document-editor';
import { type PickedRecord, RecordSearch } from '../../document-editor/components/record-search';
import { previewPdfUrl, usePreviewTemplate } from '../api';

/** Preview: the saved template merged with one of the organization's deals or clients. */
export function TemplatePreviewDialog({
  templateId,
  templateName,
  open,
  onOpenChange,
  unsaved,
}: {
  templateId: string;
  templateName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unsaved: boolean;
}) {
  const [kind, setKind] = useState<'deal' | 'client'>('deal');
  const [picked, setPicked] = useState<PickedRecord | null>(null);
  const preview = usePreviewTemplate();
  const record = picked ? (picked.kind === 'deal' ? { dealId: picked.id } : { clientId: picked.id }) : null;

  const pick = (next: PickedRecord) => {
    setPicked(next);
    preview.mutate({
      id: templateId,
      record: next.kind === 'deal' ? { dealId: next.id } : { clientId: next.id },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl" className="lg:max-w-6xl">
        <DialogHeader>
          <DialogTitle>Preview “{templateName}”</DialogTitle>
          <DialogDescription>
            Merged with a real record of your organization. Nothing is saved.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="grid min-h-0 gap-4 overflow-y-auto lg:grid-cols-[18rem_minmax(0,1fr)]">
          <div className="flex flex-col gap-3">
            {unsaved ? (
              <Notice tone="warning">
                The preview shows the last saved version. Save to preview your changes.
              </Notice>
            ) : null}
            <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
              <legend className="sr-only">Preview with</legend>
              {(['deal', 'client'] as const).map((value) => (
                <label
                  key={value}
                  className={`flex-1 cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${kind === value ? 'bg-surface shadow-xs' : 'text-muted-foreground'}`}
                >
                  <input
                    type="radio"
                    name="preview-kind"
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                    className="sr-only"
                  />
                  {value === 'deal' ? 'A deal' : 'A client'}
                </label>
              ))}
            </fieldset>
            <RecordSearch
              key={kind}
              kind={kind}
              label={kind === 'deal' ? 'Deal' : 'Client'}
              selectedId={picked?.id}
              onPick={pick}
            />
          </div>
          <div className="min-w-0">
            {!picked ? (
              <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
                Pick a {kind} to see the template filled in with its values.
              </p>
            ) : preview.isPending ? (
              <p className="flex items-center gap-2 p-8 text-sm text-muted-foreground">
                <Spinner /> Merging with {picked.name}…
              </p>
            ) : preview.isError ? (
              <Notice tone="warning">{readApiError(preview.error).message}</Notice>
            ) : preview.data ? (
              <div className="flex flex-col gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm">
                    With <strong>{picked.name}</strong>
                  </p>
                  {record ? (
                    <a
                      href={previewPdfUrl(templateId, record)}
                      download
                      className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                    >
                      <Download className="size-4" aria-hidden="true" />
                      Download PDF
                    </a>
                  ) : null}
                </div>
                {preview.data.missing.length > 0 ? (
                  <div
                    role="status"
                    className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
                  >
                    <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
                    <div>
                      <p className="font-medium">
                        {preview.data.missing.length === 1
                          ? '1 field has no value for this record'
                          : `${preview.data.missing.length} fields have no value for this record`}
                      </p>
                      <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Fields without a value">
                        {preview.data.missing.map((field) => (
                          <li key={field.key} className="rounded-full bg-amber-100 px-2 py-0.5 text-xs">
                            {field.label}
                          </li>
                        ))}
                      </ul>
                    </div>
                  </div>
                ) : (
                  <p role="status" className="text-sm text-emerald-700">
                    Every merge field has a value.
                  </p>
                )}
                <DocumentEditor
                  key={preview.data.mergedContent}
                  initialContent={parseDocumentContent(preview.data.mergedContent)}
                  missingKeys={preview.data.missing.map((field) => field.key)}
                  readOnly
                  ariaLabel="Merged preview"
                />
              </div>
            ) : null}
          </div>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
