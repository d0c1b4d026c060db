import pdfmake from 'pdfmake';
import { type DocumentJson, mergeDocument } from '../../src/common/documents/document-content';
import {
  documentDefinition,
  type RenderDocumentInput,
  renderDocumentPdf,
} from '../../src/server/features/document-rendering/render-document-pdf';

/*
 * Rendering a 10-page merged document to PDF (issue 16 performance: ≤ 300 ms median, ≤ 1.3× of
 * pdfmake rendering the same definition directly), measured in one run, interleaved:
 *  - ours: renderDocumentPdf (editor JSON → definition → pdfmake → PDF, plus an anchor search);
 *  - floor: pdfmake alone on the definition ours builds for the same document (built before the
 *    clock starts; pdfmake changes a definition as it lays it out, so each run gets a fresh one).
 *
 *   npx tsx bench/documents/render.ts            (21 runs each)
 *   BENCH_ROUNDS=51 npx tsx bench/documents/render.ts
 */

const rounds = Number(process.env.BENCH_ROUNDS ?? 21);
const warmup = 3;

const text = (value: string, marks?: string[]): DocumentJson => ({
  type: 'text',
  text: value,
  ...(marks ? { marks: marks.map((type) => ({ type })) } : {}),
});
const field = (key: string): DocumentJson => ({ type: 'mergeField', attrs: { key, label: key } });
const p = (...content: DocumentJson[]): DocumentJson => ({ type: 'paragraph', content });
const cell = (type: string, value: string): DocumentJson => ({ type, content: [p(text(value))] });
const clause =
  'The Claimant engages the Locator to identify, document and recover surplus funds held after the sale ' +
  'of the property, and agrees that the Locator files every claim, notice and affidavit the county requires. ';

/** One page or so of a fee agreement: headings, merged text, a list, a table. */
function section(n: number): DocumentJson[] {
  return [
    { type: 'heading', attrs: { level: 2 }, content: [text(`Section ${n}. Terms of recovery`)] },
    p(
      text('This agreement between '),
      field('client.fullName'),
      text(' and '),
      field('organization.name'),
      text(' concerns case '),
      field('deal.caseNumber'),
      text(' with a surplus of '),
      field('deal.surplusAmount'),
      text('. '),
      text(clause.repeat(2), n % 2 ? ['bold'] : undefined),
    ),
    p(text(clause.repeat(3))),
    {
      type: 'bulletList',
      content: ['Claim filing', 'Court appearance', 'Disbursement'].map((item) => ({
        type: 'listItem',
        content: [p(text(`${item}: ${clause}`))],
      })),
    },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'Item'), cell('tableHeader', 'Amount')] },
        ...['Surplus', 'Fee (30%)', 'Net to claimant'].map((label) => ({
          type: 'tableRow',
          content: [cell('tableCell', label), cell('tableCell', '$42,000.00')],
        })),
      ],
    },
    p(text(clause.repeat(2))),
  ];
}

const template: DocumentJson = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Surplus Recovery Fee Agreement')] },
    ...Array.from({ length: 10 }, (_, i) => section(i + 1)).flat(),
    p(text('Client Signature:'), text(' ____________________')),
  ],
};
const { merged } = mergeDocument(template, {
  'client.fullName': 'Jane Doe',
  'organization.name': 'Surplus Partners LLC',
  'deal.caseNumber': '2024-CA-001234',
  'deal.surplusAmount': '$42,000.00',
});
const input: RenderDocumentInput = {
  doc: merged,
  title: 'Fee agreement — Jane Doe',
  organization: { name: 'Surplus Partners LLC', color: 'blue' },
};

interface Run {
  ms: number;
  /** CPU time of this process (user + system): what a busy shared machine distorts least. */
  cpuMs: number;
  pages: number;
}

async function timed(work: () => Promise<number>): Promise<Run> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const pages = await work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, pages };
}

const ours = () =>
  timed(async () => (await renderDocumentPdf(input, { anchors: ['Client Signature:'] })).pageCount);

async function floor(): Promise<Run> {
  const definition = documentDefinition(input);
  return timed(async () => {
    await pdfmake.createPdf(definition).getBuffer();
    return 0;
  });
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

for (let i = 0; i < warmup; i++) {
  await ours();
  await floor();
}
const oursRuns: Run[] = [];
const floorRuns: Run[] = [];
for (let i = 0; i < rounds; i++) {
  oursRuns.push(await ours());
  floorRuns.push(await floor());
}
const pages = oursRuns[0].pages;
const oursMedian = median(oursRuns.map((r) => r.ms));
const floorMedian = median(floorRuns.map((r) => r.ms));
const ratio = oursMedian / floorMedian;
const [load1] = (await import('node:os')).loadavg();
console.log(
  `document: ${pages} pages, ${rounds} runs each (after ${warmup} warm-up runs), load average ${load1.toFixed(1)}`,
);
console.log(
  `renderDocumentPdf median: ${oursMedian.toFixed(1)} ms wall, ${median(oursRuns.map((r) => r.cpuMs)).toFixed(1)} ms CPU (budget 300 ms)`,
);
console.log(
  `pdfmake alone median:     ${floorMedian.toFixed(1)} ms wall, ${median(floorRuns.map((r) => r.cpuMs)).toFixed(1)} ms CPU`,
);
console.log(`ratio: ${ratio.toFixed(2)}× (budget 1.3×)`);
if (pages < 10) {
  console.error(`the document has ${pages} pages: the bench wants at least 10`);
  process.exitCode = 1;
} else if (oursMedian > 300 || ratio > 1.3) {
  console.error('over budget');
  process.exitCode = 1;
}
