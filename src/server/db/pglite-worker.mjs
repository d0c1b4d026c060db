// PGlite on a thread of its own (issue 21 §5, docs/decisions/040): PostgreSQL's start and every
// query run here, beside the main thread, which meanwhile loads the server and answers requests.
// Plain JavaScript so the same file runs under the test runner, under tsx and from dist/server
// (the build copies it to dist/server). `pglite-thread.ts` is the other end.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const keepText = (value) => value;

/** An error as plain data: the fields PostgreSQL reports (code, constraint, detail…), no functions. */
function errorFields(error) {
  const fields = { name: error?.name ?? 'Error', message: String(error?.message ?? error) };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (value === undefined || typeof value === 'function' || key === 'queryOptions' || key === 'params')
      continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return fields;
}

/** The options PGlite takes, rebuilt from what crossed the thread boundary. */
function queryOptions(request) {
  const options = {};
  if (request.rowMode) options.rowMode = request.rowMode;
  // Columns the caller parses itself arrive as PostgreSQL's text.
  if (request.textTypes?.length)
    options.parsers = Object.fromEntries(request.textTypes.map((oid) => [oid, keepText]));
  if (request.blob) options.blob = new Blob([request.blob]);
  return options;
}

async function plainResult(result) {
  const { blob, ...rest } = result;
  return blob ? { ...rest, blob: await blob.arrayBuffer() } : rest;
}

async function main() {
  const pglite = await PGlite.create({
    dataDir: workerData.dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...workerData.settings],
  });
  const answer = {
    query: async (request) =>
      plainResult(await pglite.query(request.sql, request.params, queryOptions(request))),
    exec: async (request) =>
      Promise.all((await pglite.exec(request.sql, queryOptions(request))).map(plainResult)),
    close: () => pglite.close(),
  };
  // The main thread sends one request at a time, so requests never interleave here.
  parentPort.on('message', async (request) => {
    try {
      parentPort.postMessage({ id: request.id, result: await answer[request.kind](request) });
    } catch (error) {
      parentPort.postMessage({ id: request.id, error: errorFields(error) });
    }
    // With PostgreSQL closed and the port closed, nothing is left to run: the thread ends.
    if (request.kind === 'close') parentPort.close();
  });
  parentPort.postMessage({ ready: true });
}

main().catch((error) => parentPort.postMessage({ failed: errorFields(error) }));
