import { CheckCircle2, Clock, Play, RotateCcw } from 'lucide-react';
import { searchHelp } from '../../../../common/help/tour-state';
import { tourDurationMinutes } from '../../../../common/help/tour-catalog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { isTourResumable, useTours } from '../../tours/tour-context';
import { tourIcon } from '../../tours/tour-icons';
import { HelpSearch, NoMatches } from './help-search';
import { isTourCompleted } from '../../../../common/help/tour-state';

interface ToursTabProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** Closes the help panel once a tour starts or resumes. */
  onLeave: () => void;
}

/** Help panel, Tours tab (spec §2): each tour with New, ~5 min and Start Tour; a paused one resumes. */
export function ToursTab({ query, onQueryChange, onLeave }: ToursTabProps) {
  const { tours, state, start, resume } = useTours();
  const matches = searchHelp(tours, query, ['name', 'description']);
  return (
    <div className="flex flex-col gap-4">
      <HelpSearch label="Search tours" value={query} onChange={onQueryChange} />
      {matches.length === 0 ? (
        <NoMatches what="tours" query={query} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Tours">
          {matches.map((tour) => {
            const Icon = tourIcon(tour.id);
            const resumable = isTourResumable(state, tour);
            const completed = isTourCompleted(state, tour);
            const savedStep =
              state.currentTourId === tour.id ? state.currentStepIndex : state.progress[tour.id];
            return (
              <li key={tour.id} className="rounded-xl border border-border bg-surface p-4 shadow-xs">
                <div className="flex gap-3">
                  <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </div>
                  <div className="min-w-0 flex-1">
                    <h3 className="text-sm font-semibold text-foreground">{tour.name}</h3>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <Badge variant="primary">New</Badge>
                      <span className="inline-flex items-center gap-1">
                        <Clock className="size-3.5" aria-hidden="true" />~{tourDurationMinutes} min
                      </span>
                      <span aria-hidden="true">·</span>
                      <span>{tour.stepCount} steps</span>
                      {completed ? (
                        <span className="inline-flex items-center gap-1 text-emerald-700">
                          <CheckCircle2 className="size-3.5" aria-hidden="true" />
                          Completed
                        </span>
                      ) : null}
                    </div>
                    <p className="mt-2 text-sm leading-6 text-muted-foreground">{tour.description}</p>
                    {resumable && savedStep !== undefined ? (
                      <p className="mt-2 text-xs font-medium text-primary-soft-foreground">
                        Paused at step {Math.min(savedStep + 1, tour.stepCount)} of {tour.stepCount}
                      </p>
                    ) : null}
                  </div>
                </div>
                <div className="mt-3 flex flex-wrap justify-end gap-2">
                  {resumable ? (
                    <Button
                      size="sm"
                      onClick={() => {
                        resume(tour.id);
                        onLeave();
                      }}
                      aria-label={`Resume: ${tour.name}`}
                    >
                      <RotateCcw aria-hidden="true" />
                      Resume
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant={resumable ? 'secondary' : 'primary'}
                    onClick={() => {
                      start(tour.id);
                      onLeave();
                    }}
                    aria-label={`Start Tour: ${tour.name}`}
                  >
                    <Play aria-hidden="true" />
                    Start Tour
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
