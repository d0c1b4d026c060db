// `npm start`: the build-freshness check, then the server, in one Node process (issue 21 §5: a
// second process for the check cost a Node start-up of its own on every start).
import { buildIfMissing } from './build-if-missing.mjs';

buildIfMissing();
await import('../dist/server/main.mjs');
