// Compiles the server (src/server/main.ts and what it imports) into ES modules under dist/server,
// so `npm start` runs JavaScript instead of transpiling TypeScript at each start (issue 21 §5:
// half the start-up time went there). The entry is dist/server/main.mjs; each `import()` of our
// own code becomes a chunk beside it, loaded when that import runs (the database opens while the
// rest loads). npm packages stay external, loaded from node_modules as they are under tsx, except
// zod and fastify-type-provider-zod (see `bundled` below). An
// argument names another output folder (the multi-instance test builds its own copy, so a build
// running beside it cannot change it midway); `--metafile` also writes esbuild's account of what
// imports what there (start-up-imports.test.ts reads it).
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const args = process.argv.slice(2);
const outdir = args.find((arg) => !arg.startsWith('--')) ?? 'dist/server';

// Bundled: zod's package is 60-odd modules (a file per locale) that Node would resolve and compile
// one by one at each start, about 25 ms (issue 21 §5). The type provider comes with it, so both
// share the one copy of zod: schemas made by one and checked by the other must be the same classes.
const bundled = /^(zod|fastify-type-provider-zod)(\/|$)/;

const { metafile } = await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [
    {
      name: 'packages-external-but-zod',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (resolving) =>
          bundled.test(resolving.path) ? undefined : { path: resolving.path, external: true },
        );
      },
    },
  ],
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});

// Chunks are named by their content's hash, so a build never changes one an earlier build wrote.
// A server still running an earlier build loads its chunks on first use, maybe after a rebuild
// (instances started side by side from one checkout), so the last three builds' chunks are kept
// and older ones removed (builds.json lists them).
const chunks = path.join(outdir, 'chunks');
const buildsFile = path.join(outdir, 'builds.json');
const thisBuild = Object.keys(metafile.outputs)
  .map((file) => path.relative(chunks, path.resolve(file)))
  .filter((file) => !file.startsWith('..'));
const earlier = existsSync(buildsFile) ? JSON.parse(readFileSync(buildsFile, 'utf8')) : [];
const kept = [thisBuild, ...earlier].slice(0, 3);
writeFileSync(buildsFile, JSON.stringify(kept));
const keep = new Set(kept.flat());
for (const name of readdirSync(chunks)) if (!keep.has(name)) rmSync(path.join(chunks, name));

if (args.includes('--metafile')) writeFileSync(path.join(outdir, 'metafile.json'), JSON.stringify(metafile));
