// Compiles the server (src/server/main.ts and what it imports) into one ES module,
// dist/server/main.mjs, so `npm start` runs JavaScript instead of transpiling TypeScript at each
// start (issue 21 §5: half the start-up time went there). npm packages stay external: they load
// from node_modules as they do under tsx. An argument names another output file (the
// multi-instance test builds its own copy, so a build running beside it cannot change it midway).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: process.argv[2] ?? 'dist/server/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
