import { Upload } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** The list's "Import CSV" button, styled as its "Export CSV" neighbour (the label hides on phones). */
export function ImportCsvButton({ title, onClick }: { title: string; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" className="h-9" title={title} onClick={onClick}>
      <Upload aria-hidden="true" />
      <span className="hidden sm:inline">Import CSV</span>
      <span className="sr-only sm:hidden">Import CSV</span>
    </Button>
  );
}
