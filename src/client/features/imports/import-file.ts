import { formatFileSize } from '../../lib/format-file-size';

/** Why a chosen file cannot be imported, before anything is sent; null when it can. */
export function importFileProblem(file: Pick<File, 'name' | 'size'>, maxBytes: number): string | null {
  if (!/\.(csv|txt)$/i.test(file.name)) return 'Choose a CSV file (.csv)';
  if (file.size === 0) return 'The file is empty';
  // The server's own words for the same refusal (413).
  if (file.size > maxBytes) return `The file is larger than ${formatFileSize(maxBytes)}`;
  return null;
}

/** "Leads import – March list.csv" → the job's name, from the file (names need ≥ 2 characters). */
export function defaultImportName(fileName: string, entityPlural: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').trim();
  const name = base.length >= 2 ? base : `${entityPlural[0]?.toUpperCase()}${entityPlural.slice(1)} import`;
  return name.slice(0, 200);
}
