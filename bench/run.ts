import { benchStartup } from './startup';

const startup = await benchStartup();
console.log(
  `startup on an existing data dir: ${startup.appMs.toFixed(0)} ms median; bare node server ${startup.floorMs.toFixed(0)} ms; ratio ${startup.ratio.toFixed(1)}x`,
);
