import { type ReactNode, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';

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

/**
 * SCAFFOLD (issue 16, helper "documents-ui" owns it): every page of a PDF drawn with pdf.js
 * (react-pdf), loaded only on document routes, with an overlay slot per page.
 */
export function PdfPages({ url, width, overlay, onLoaded }: PdfPagesProps) {
  const [pageCount, setPageCount] = useState(0);
  const [sizes, setSizes] = useState<Record<number, { w: number; h: number }>>({});
  return (
    <Document
      file={url}
      onLoadSuccess={({ numPages }) => {
        setPageCount(numPages);
        onLoaded?.(numPages);
      }}
      loading={<p className="p-6 text-sm text-muted-foreground">Loading the PDF…</p>}
      error={<p className="p-6 text-sm text-destructive">The PDF could not be shown.</p>}
    >
      <div className="flex flex-col items-center gap-4">
        {Array.from({ length: pageCount }, (_, index) => {
          const pageNumber = index + 1;
          const size = sizes[pageNumber];
          return (
            <div key={pageNumber} className="relative shadow-sm ring-1 ring-border">
              <Page
                pageNumber={pageNumber}
                width={width}
                renderTextLayer={false}
                renderAnnotationLayer={false}
                onLoadSuccess={(page) =>
                  setSizes((current) => ({
                    ...current,
                    [pageNumber]: { w: page.originalWidth, h: page.originalHeight },
                  }))
                }
              />
              {size && overlay
                ? overlay({ pageNumber, scale: width / size.w, widthPoints: size.w, heightPoints: size.h })
                : null}
            </div>
          );
        })}
      </div>
    </Document>
  );
}
