import { createRequire } from 'node:module';
import path from 'node:path';

const fontsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);

type Pdfmake = typeof import('pdfmake');
let loading: Promise<Pdfmake> | undefined;

/**
 * pdfmake with the Roboto it ships and no access to URLs or other files, imported on the first
 * render: with PDFKit it is about 90 ms of a start-up that most starts never need (issue 21 §5).
 * Documents and the sealing certificate's pages share it.
 */
export function loadPdfmake(): Promise<Pdfmake> {
  // A CommonJS module: imported, its exports are the namespace's default.
  loading ??= import('pdfmake').then((module) => {
    const pdfmake = (module as unknown as { default: Pdfmake }).default;
    pdfmake.setFonts({
      Roboto: {
        normal: path.join(fontsDir, 'Roboto-Regular.ttf'),
        bold: path.join(fontsDir, 'Roboto-Medium.ttf'),
        italics: path.join(fontsDir, 'Roboto-Italic.ttf'),
        bolditalics: path.join(fontsDir, 'Roboto-MediumItalic.ttf'),
      },
    });
    // Nothing a document says may make the server fetch a URL or read a local file.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file: string) => file.startsWith(fontsDir));
    return pdfmake;
  });
  return loading;
}
