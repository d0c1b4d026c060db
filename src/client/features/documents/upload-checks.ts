/** The largest PDF the server takes (CONTRACT: 413 "The PDF is larger than 20 MB"). */
export const maxPdfBytes = 20 * 1024 * 1024;

/**
 * What the browser can tell before sending: the server checks the content itself (an HTML page
 * named .pdf, a damaged or encrypted file), so this only spares a pointless 20 MB upload.
 */
export function checkPdfFile(file: { name: string; type: string; size: number }): string | null {
  const looksPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!looksPdf) return 'The file is not a PDF';
  if (file.size === 0) return 'The file is empty';
  if (file.size > maxPdfBytes) return 'The PDF is larger than 20 MB';
  return null;
}

/** "County claim form.pdf" → "County claim form" (a name to start from, edited at will). */
export function nameFromFileName(fileName: string): string {
  const base = fileName
    .replace(/\.pdf$/i, '')
    .replaceAll(/[_]+/g, ' ')
    .trim();
  return base.slice(0, 255);
}
