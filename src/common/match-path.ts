export type PathParams = Record<string, string>;

function segments(path: string): string[] {
  return path.replace(/^\/+|\/+$/g, '').split('/');
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Matches a route pattern such as `/clients/:clientId/documents/create` against a path; `:name`
 * takes one non-empty segment. A trailing slash is ignored. Returns the params, or null.
 */
export function matchPath(pattern: string, path: string): PathParams | null {
  const expected = segments(pattern);
  const actual = segments(path);
  if (expected.length !== actual.length) return null;
  const params: PathParams = {};
  for (let i = 0; i < expected.length; i++) {
    const part = expected[i];
    if (part.startsWith(':')) {
      if (!actual[i]) return null;
      params[part.slice(1)] = decode(actual[i]);
    } else if (part !== actual[i]) {
      return null;
    }
  }
  return params;
}

/** The first route whose pattern matches, with its params. */
export function findRoute<T extends { path: string }>(
  routes: readonly T[],
  path: string,
): { route: T; params: PathParams } | null {
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}
