/**
 * A PostgreSQL URL and the start-up `options` to connect with: the URL's own, then `ours`. pg lets
 * a URL's `options` replace the config's, so they are moved out of the URL; PostgreSQL applies a
 * repeated `-c` in order, so ours win.
 */
export function withStartupOptions(connectionString: string, ours: string) {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return { connectionString, options: ours }; // A socket path ("/var/run/postgresql db") carries none.
  }
  const theirs = url.searchParams.get('options');
  if (!theirs) return { connectionString, options: ours };
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: `${theirs} ${ours}` };
}
