import { CalendarClock, Calculator } from 'lucide-react';
import { cn } from '../../../lib/cn';

interface PreviewDeal {
  address: string;
  county: string;
  surplus: string;
  note: string;
  tone: 'warning' | 'neutral' | 'success';
  owner: string;
}

const columns: { stage: string; display?: string; deals: PreviewDeal[] }[] = [
  {
    stage: 'Research',
    deals: [
      {
        address: '1842 Oak Bend Ave',
        county: 'Maricopa County, AZ',
        surplus: '$48,250',
        note: 'Due in 21 days',
        tone: 'warning',
        owner: 'JM',
      },
      {
        address: '77 Harbor View Ln',
        county: 'Duval County, FL',
        surplus: '$112,900',
        note: 'Owner located',
        tone: 'neutral',
        owner: 'AR',
      },
    ],
  },
  {
    stage: 'Documents',
    deals: [
      {
        address: '309 Pine Ridge Rd',
        county: 'Fulton County, GA',
        surplus: '$26,400',
        note: 'Agreement viewed',
        tone: 'neutral',
        owner: 'JM',
      },
    ],
  },
  {
    stage: 'Signed',
    // Two columns fit a phone; the third appears from the small breakpoint up.
    display: 'hidden sm:flex',
    deals: [
      {
        address: '5120 Mesa Dr',
        county: 'Clark County, NV',
        surplus: '$73,800',
        note: 'Signed yesterday',
        tone: 'success',
        owner: 'KT',
      },
    ],
  },
];

const toneClasses: Record<PreviewDeal['tone'], string> = {
  warning: 'bg-amber-50 text-amber-800',
  neutral: 'bg-muted text-muted-foreground',
  success: 'bg-emerald-50 text-emerald-800',
};

/** A static picture of the deal pipeline for the landing page; no data is loaded. */
export function PipelinePreview() {
  return (
    <figure
      aria-label="Preview of the Locus deal pipeline"
      className="relative rounded-2xl border border-border bg-surface p-3 shadow-xl shadow-slate-900/5 ring-1 ring-slate-900/5 sm:p-4"
    >
      <div className="flex items-center justify-between px-1 pb-3">
        <div className="flex gap-1.5" aria-hidden="true">
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
        </div>
        <span className="text-xs font-medium text-muted-foreground">Deals · Pipeline</span>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {columns.map((column) => (
          <div
            key={column.stage}
            className={cn('flex-col gap-2 rounded-xl bg-muted p-2', column.display ?? 'flex')}
          >
            <div className="flex items-center justify-between px-1 pt-0.5 text-xs font-semibold text-foreground">
              {column.stage}
              <span className="rounded-full bg-surface px-1.5 text-muted-foreground">
                {column.deals.length}
              </span>
            </div>
            {column.deals.map((deal) => (
              <DealCard key={deal.address} deal={deal} />
            ))}
          </div>
        ))}
      </div>
      <figcaption className="mt-3 flex items-center gap-3 rounded-xl border border-border bg-primary-soft px-3 py-2.5 text-primary-soft-foreground">
        <Calculator className="size-5 shrink-0" aria-hidden="true" />
        <span className="text-xs leading-5 sm:text-sm">
          <span className="font-semibold">Fee calculated:</span> 30% of $73,800 surplus ={' '}
          <span className="font-semibold">$22,140</span>
        </span>
      </figcaption>
    </figure>
  );
}

function DealCard({ deal }: { deal: PreviewDeal }) {
  return (
    <div className="rounded-lg border border-border bg-surface p-2.5 shadow-xs">
      <p className="text-xs leading-snug font-semibold text-foreground">{deal.address}</p>
      <p className="mt-0.5 text-[11px] text-muted-foreground">{deal.county}</p>
      <div className="mt-2 flex items-center justify-between">
        <span className="text-sm font-semibold text-primary">{deal.surplus}</span>
        <span className="flex size-5 items-center justify-center rounded-full bg-slate-800 text-[9px] font-semibold text-white">
          {deal.owner}
        </span>
      </div>
      <p
        className={cn(
          'mt-2 inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-[11px] font-medium',
          toneClasses[deal.tone],
        )}
      >
        {deal.tone === 'warning' && <CalendarClock className="size-3" aria-hidden="true" />}
        {deal.note}
      </p>
    </div>
  );
}
