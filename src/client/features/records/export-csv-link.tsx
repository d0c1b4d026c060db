import { Download } from 'lucide-react';
import { buttonClassName } from '../../components/ui/button';

/** The list's "Export CSV" button: a download of the rows it shows (same search, filters and sort). */
export function ExportCsvLink({ href, title }: { href: string; title: string }) {
  return (
    <a
      href={href}
      download
      className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'h-9' })}
      title={title}
    >
      <Download aria-hidden="true" />
      <span className="hidden sm:inline">Export CSV</span>
      <span className="sr-only sm:hidden">Export CSV</span>
    </a>
  );
}
