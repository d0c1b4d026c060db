import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { Skeleton } from '../../../components/ui/skeleton';

// pdf.js parses in a worker served from our own origin (the CSP allows no other).
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

export interface PdfPageBox {
  pageNumber: number;
  /** Rendered width in CSS pixels over the page's width in PDF points. */
  scale: number;
  widthPoints: number;
  heightPoints: number;
}

export interface PdfPagesProps {
  /** Where the PDF is fetched from (same origin, with the session cookie). */
  url: string;
  /** Rendered width of each page in CSS pixels. */
  width: number;
  /** Drawn over each page (signature-field boxes), positioned absolutely within it. */
  overlay?: (page: PdfPageBox) => ReactNode;
  onLoaded?: (pageCount: number) => void;
}

/** US Letter in points: the size of a rendered document, and the guess before a page is measured. */
const letter = { w: 612, h: 792 };
/** Pages this far outside the viewport are drawn already, so scrolling rarely shows a blank page. */
const drawAheadMargin = '1200px 0px';

/**
 * Every page of a PDF drawn with pdf.js (react-pdf), loaded only on document routes, with an
 * overlay slot per page. A page is drawn only when it comes near the viewport (a 500-page county
 * form would otherwise paint 500 canvases); until then it keeps its place with its measured size.
 */
export function PdfPages({ url, width, overlay, onLoaded }: PdfPagesProps) {
  const [pageCount, setPageCount] = useState(0);
  const [sizes, setSizes] = useState<Record<number, { w: number; h: number }>>({});
  return (
    <Document
      file={url}
      // react-pdf's Suspense mode counts on React's Suspense keeping a suspended part's effects; under
      // Preact (docs/decisions/048) it released and destroyed each load. Effects load it instead.
      suspense={false}
      onLoadSuccess={async (pdf) => {
        setPageCount(pdf.numPages);
        onLoaded?.(pdf.numPages);
        // The first page's size stands in for the others until each is drawn (most PDFs are uniform).
        const first = await pdf.getPage(1);
        const [, , w, h] = first.view;
        setSizes((current) => ({ 1: { w, h }, ...current }));
      }}
      loading={<PdfLoading width={width} />}
      error={
        <p role="alert" className="p-6 text-sm text-destructive">
          The PDF could not be shown. Try Download PDF instead.
        </p>
      }
    >
      <div className="flex flex-col items-center gap-4">
        {Array.from({ length: pageCount }, (_, index) => {
          const pageNumber = index + 1;
          const size = sizes[pageNumber] ?? sizes[1] ?? letter;
          const measured = sizes[pageNumber] !== undefined;
          return (
            <LazyPage
              key={pageNumber}
              pageNumber={pageNumber}
              pageCount={pageCount}
              width={width}
              height={(width * size.h) / size.w}
            >
              <Page
                pageNumber={pageNumber}
                suspense={false}
                width={width}
                renderTextLayer={false}
                renderAnnotationLayer={false}
                loading={<Skeleton className="size-full rounded-none" />}
                onLoadSuccess={(page) =>
                  setSizes((current) => ({
                    ...current,
                    [pageNumber]: { w: page.originalWidth, h: page.originalHeight },
                  }))
                }
              />
              {measured && overlay
                ? overlay({ pageNumber, scale: width / size.w, widthPoints: size.w, heightPoints: size.h })
                : null}
            </LazyPage>
          );
        })}
      </div>
    </Document>
  );
}

function PdfLoading({ width }: { width: number }) {
  return (
    <div className="flex flex-col items-center gap-3" aria-busy="true">
      <Skeleton className="rounded-none" style={{ width, height: (width * letter.h) / letter.w }} />
      <p className="text-sm text-muted-foreground">Loading the PDF…</p>
    </div>
  );
}

/** A page's frame: its content is mounted once the frame nears the viewport, and stays. */
function LazyPage({
  pageNumber,
  pageCount,
  width,
  height,
  children,
}: {
  pageNumber: number;
  pageCount: number;
  width: number;
  height: number;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, tests) every page is drawn at once.
  const [near, setNear] = useState(pageNumber <= 2 || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: drawAheadMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div
      ref={ref}
      role="group"
      aria-label={`Page ${pageNumber} of ${pageCount}`}
      data-page-number={pageNumber}
      className="relative overflow-hidden bg-white shadow-sm ring-1 ring-border"
      style={{ width, minHeight: height }}
    >
      {near ? children : null}
    </div>
  );
}
