import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the extra response header costs. */
const minimumBytes = 1024;

/**
 * Writes `.br` and `.gz` copies next to every compressible file of the build, once, at build time,
 * so the server (@fastify/static `preCompressed`) sends the smallest encoding the browser accepts
 * without compressing anything per request.
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'locus:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!compressible.test(file) || statSync(file).size < minimumBytes) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
