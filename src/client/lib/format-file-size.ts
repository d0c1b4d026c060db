/** "900 B", "512 KB", "1.2 MB" */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  // One decimal, none when it is 0: "1.5 MB", "10 MB".
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}
