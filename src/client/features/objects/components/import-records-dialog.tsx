import { CsvDropZone } from '../../../components/csv-drop-zone';
import { CircleCheck, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { importMaxBytes } from '../../../../common/validation/entity-record-import';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatFileSize } from '../../../lib/format-file-size';
import {
  type ImportSummary,
  importedLabel,
  importFileProblem,
  notImportedLabel,
  summarizeImport,
} from '../import-records';
import type { ObjectRecordType } from '../object-record-type';
import { useImportEntityRecords } from '../records-api';

interface ImportRecordsDialogProps {
  type: ObjectRecordType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Import CSV" of a custom object's list: a file chosen or dropped, checked for size before it is
 * sent, then what the server made of it: the records created, the rows refused and why.
 */
export function ImportRecordsDialog({ type, open, onOpenChange }: ImportRecordsDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const importRecords = useImportEntityRecords();

  const reset = () => {
    setFile(null);
    setProblem(null);
    setSummary(null);
    importRecords.reset();
  };
  const close = (next: boolean) => {
    // Closing mid-upload would hide the answer; the import finishes either way.
    if (importRecords.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    setProblem(importFileProblem(chosen));
    importRecords.reset();
  };

  const submit = async () => {
    if (!file || importFileProblem(file)) return;
    try {
      const result = await importRecords.mutateAsync({ entityType: type.entityType, csv: await file.text() });
      setSummary(summarizeImport(result, type.definition.fields));
    } catch (error) {
      const details = readApiError(error);
      setProblem(details.fieldErrors.csv ?? details.message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size={summary && summary.failures.length > 0 ? 'lg' : 'md'}>
        <DialogHeader>
          <DialogTitle>Import {type.noun.other}</DialogTitle>
          <DialogDescription>
            A CSV file with a header row: a Name column, and columns named after the fields of{' '}
            {type.noun.other}.
          </DialogDescription>
        </DialogHeader>
        {summary ? (
          <>
            <DialogBody className="flex flex-col gap-4">
              <ImportResult summary={summary} />
            </DialogBody>
            <DialogFooter>
              <Button variant="secondary" onClick={reset}>
                Import another file
              </Button>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form
            className="flex min-h-0 flex-1 flex-col"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <DialogBody className="flex flex-col gap-3">
              <CsvDropZone
                file={file}
                problem={problem}
                disabled={importRecords.isPending}
                hint={`Up to ${formatFileSize(importMaxBytes)} and 10,000 rows.`}
                onChoose={choose}
              />
            </DialogBody>
            <DialogFooter>
              <Button variant="secondary" onClick={() => close(false)} disabled={importRecords.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                disabled={!file || importFileProblem(file) !== null || importRecords.isPending}
                aria-busy={importRecords.isPending}
              >
                {importRecords.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
                {importRecords.isPending ? 'Importing…' : 'Import'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ImportResult({ summary }: { summary: ImportSummary }) {
  const heading = useRef<HTMLDivElement>(null);
  // The form the focus was in is gone: the result takes it, so it is read out and Tab goes on from there.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <div ref={heading} tabIndex={-1} role="status" className="flex items-start gap-3 outline-none">
        <CircleCheck
          className={cn(
            'mt-0.5 size-5 shrink-0',
            summary.created > 0 ? 'text-emerald-600' : 'text-muted-foreground',
          )}
          aria-hidden="true"
        />
        <div>
          <p className="font-semibold">{importedLabel(summary.created)}</p>
          {summary.failed > 0 ? (
            <p className="text-sm text-muted-foreground">
              {notImportedLabel(summary.failed)}: correct the file and import only those rows again.
            </p>
          ) : null}
        </div>
      </div>
      {summary.unknownColumns.length > 0 ? (
        <Notice tone="warning" title="Columns ignored">
          These columns match no field and were not imported: {summary.unknownColumns.join(', ')}.
        </Notice>
      ) : null}
      {summary.failures.length > 0 ? (
        <div className="overflow-hidden rounded-lg border border-border">
          <Table aria-label="Rows not imported">
            <TableHeader>
              <TableRow>
                <TableHead className="w-16">Row</TableHead>
                <TableHead>Column</TableHead>
                <TableHead>Problem</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.failures.map((failure, index) => (
                // A row can fail in several columns, and the same column twice is possible: the index keeps keys unique.
                <TableRow key={`${failure.row}-${failure.column}-${index}`}>
                  <TableCell className="tabular-nums">{failure.row}</TableCell>
                  <TableCell className="font-medium">{failure.column}</TableCell>
                  <TableCell>{failure.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
      {summary.failureCount > summary.failures.length ? (
        <p className="text-sm text-muted-foreground">
          The first {summary.failures.length.toLocaleString('en-US')} of{' '}
          {summary.failureCount.toLocaleString('en-US')} problems are shown.
        </p>
      ) : null}
    </>
  );
}
