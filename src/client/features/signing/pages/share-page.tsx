import { Download, Eye } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useElementWidth } from '../../documents/use-element-width';
import { sharePdfUrl, useShareLink } from '../api';
import { ClosedLinkPanel } from '../components/signing-flow';
import { SigningShell } from '../components/signing-shell';

const PdfPages = lazy(() =>
  import('../../documents/components/pdf-pages').then((m) => ({ default: m.PdfPages })),
);

/** /share/:token: a copy to read (cc and viewers, or a view share), with a download. */
export function SharePage({ token }: { token: string }) {
  const link = useShareLink(token);
  const [pagesRef, width] = useElementWidth<HTMLDivElement>();
  if (link.isPending) {
    return (
      <SigningShell organizationName={null}>
        <div className="flex flex-1 items-center justify-center py-24">
          <Spinner size="lg" className="text-primary" label="Loading" />
        </div>
      </SigningShell>
    );
  }
  if (link.isError || link.data.closed) {
    return (
      <SigningShell organizationName={null}>
        <ClosedLinkPanel
          closed={link.data?.closed ?? { reason: 'invalid', message: 'This link is not valid' }}
        />
      </SigningShell>
    );
  }
  const { share } = link.data;
  return (
    <SigningShell organizationName={share.organization.name}>
      <div className="space-y-3 px-4 pt-5 pb-4">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Eye className="size-4" aria-hidden="true" />
          {share.recipientName ? `Shared with ${share.recipientName} · view only` : 'View only'}
        </p>
        <h1 className="text-xl font-semibold tracking-tight text-balance sm:text-2xl">
          {share.document.name}
        </h1>
        <a
          href={sharePdfUrl(token)}
          download
          className={buttonClassName({ size: 'lg', className: 'w-full sm:w-auto' })}
        >
          <Download aria-hidden="true" />
          Download PDF
        </a>
      </div>
      <div ref={pagesRef} className="px-3 pb-10 sm:px-6">
        {width > 0 ? (
          <Suspense fallback={<div className="mx-auto h-96 animate-pulse bg-muted" style={{ width }} />}>
            <PdfPages url={sharePdfUrl(token)} width={Math.min(width, 900)} />
          </Suspense>
        ) : null}
      </div>
    </SigningShell>
  );
}
