import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's shared buffers inside PGlite. PGlite's default (128 MB) is zero-filled when it
 * starts, so every server paid 128 MB of RSS before its first request; PGlite reads pages through
 * Node's fs, so the kernel's page cache still holds the data folder outside our RSS and a smaller
 * pool costs a read call, not a disk read (issue 21 §7, docs/decisions/047).
 */
export const defaultPgliteSharedBuffers = '16MB';

const sizePattern = /^\d+(kB|MB|GB)$/;

/** PGLITE_SHARED_BUFFERS, checked: PostgreSQL's size syntax (`16MB`, `512kB`, `1GB`). */
export function readPgliteSharedBuffers(value: string | undefined): string {
  if (value === undefined || value === '') return defaultPgliteSharedBuffers;
  if (!sizePattern.test(value))
    throw new Error(`PGLITE_SHARED_BUFFERS must look like 16MB, 512kB or 1GB (got ${value})`);
  return value;
}

/** PGlite's own start parameters with our shared buffers. */
export function pgliteStartParams(sharedBuffers: string = defaultPgliteSharedBuffers): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}
