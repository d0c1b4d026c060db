import type { Alias } from 'vite';

/**
 * The browser runs Preact 11 through its React compatibility layer (docs/decisions/048): about 10 KB
 * of gzip where React 19 and react-dom cost 67 KB. Preact 11 passes `ref` to function components as
 * a prop, as React 19 does, so the app's components and its libraries need no change. The build and
 * the unit tests resolve React's modules to it alike, so the tests run what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^(react|react-dom)$/, replacement: 'preact/compat' },
];
