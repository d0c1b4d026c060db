import { BookOpen, Check } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useInstallLibraryTemplate, useLibrary } from '../api';
import { templateTypeLabel } from '../template-types';

/** The template library: ready-made templates per sector; Install copies one into the organization. */
export function TemplateLibraryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const library = useLibrary();
  const install = useInstallLibraryTemplate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>Template library</DialogTitle>
          <DialogDescription>
            Sample documents with merge fields, ready to adapt. Have your attorney review them for your state.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="overflow-y-auto">
          {library.isPending ? (
            <div className="space-y-3" aria-label="Loading the library">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          ) : library.isError ? (
            <p className="text-sm text-destructive">{readApiError(library.error).message}</p>
          ) : (library.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">The library has no templates yet.</p>
          ) : (
            <ul
              className="divide-y divide-border rounded-xl border border-border"
              aria-label="Library templates"
            >
              {(library.data ?? []).map((entry) => (
                <li key={entry.key} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <BookOpen className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {entry.name}
                      <Badge>{templateTypeLabel(entry.templateType)}</Badge>
                      {entry.industryType ? <Badge variant="primary">{entry.industryType}</Badge> : null}
                    </p>
                    <p className="mt-1 text-sm leading-6 text-muted-foreground">{entry.description}</p>
                  </div>
                  {entry.installed ? (
                    <div className="flex items-center gap-2">
                      <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700">
                        <Check className="size-4" aria-hidden="true" />
                        Installed
                      </span>
                      {entry.templateId ? (
                        <Link
                          href={`/documents/templates/${entry.templateId}`}
                          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                          aria-label={`Open ${entry.name}`}
                        >
                          Open
                        </Link>
                      ) : null}
                    </div>
                  ) : (
                    <Button
                      size="sm"
                      aria-label={`Install ${entry.name}`}
                      disabled={install.isPending && install.variables === entry.key}
                      onClick={() =>
                        install.mutate(entry.key, {
                          onSuccess: () => toast.success(`“${entry.name}” added to your templates`),
                          onError: (error) => toast.error(readApiError(error).message),
                        })
                      }
                    >
                      {install.isPending && install.variables === entry.key ? 'Installing…' : 'Install'}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
