import { benchStartup } from './startup';

const { floorMs, results } = await benchStartup();
console.log(`start-up to a healthy /api/health on an existing data dir (median of 5):`);
console.log(`  bare node server        ${floorMs.toFixed(0).padStart(5)} ms`);
for (const { label, ms, ratio } of results) {
  console.log(`  ${label.padEnd(24)}${ms.toFixed(0).padStart(5)} ms  ${ratio.toFixed(1)}x the bare server`);
}
