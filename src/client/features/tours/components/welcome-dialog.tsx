import { Clock, Hand } from 'lucide-react';
import { recommendedTourId, tourDurationMinutes } from '../../../../common/help/tour-catalog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { tourIcon } from '../tour-icons';
import { useTours } from '../tour-context';

/**
 * First-use welcome (spec §2): one second after sign-in, the tours on offer with the onboarding
 * tour marked Recommended. Skip (or closing it any other way) marks the welcome as seen. `open` comes
 * from the onboarding sequence (app/layout/onboarding-modals.tsx).
 */
export function WelcomeDialog({ firstName, open }: { firstName: string; open: boolean }) {
  const { tours, start, dismissWelcome } = useTours();
  // The recommended tour first, the others in their usual order.
  const ordered = [
    ...tours.filter((tour) => tour.id === recommendedTourId),
    ...tours.filter((tour) => tour.id !== recommendedTourId),
  ];
  return (
    <Dialog open={open} onOpenChange={(next) => !next && dismissWelcome()}>
      <DialogContent size="lg" hideClose aria-describedby="welcome-description">
        <DialogHeader className="pr-6">
          <div className="mb-2 flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
            <Hand className="size-5" aria-hidden="true" />
          </div>
          <DialogTitle>Welcome to Locus{firstName ? `, ${firstName}` : ''}!</DialogTitle>
          <DialogDescription id="welcome-description">
            Take a short guided tour to find your way around. Each tour takes about {tourDurationMinutes}{' '}
            minutes, and you can pause or leave it at any time.
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          <ul className="flex flex-col gap-3" aria-label="Guided tours">
            {ordered.map((tour) => {
              const Icon = tourIcon(tour.id);
              const recommended = tour.id === recommendedTourId;
              return (
                <li
                  key={tour.id}
                  className={cn(
                    'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:gap-4',
                    recommended ? 'border-primary/40 bg-primary-soft/40' : 'border-border',
                  )}
                >
                  <div className="flex min-w-0 flex-1 gap-3">
                    <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-surface text-primary shadow-xs ring-1 ring-border">
                      <Icon className="size-5" aria-hidden="true" />
                    </div>
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="text-sm font-semibold text-foreground">{tour.name}</h3>
                        {recommended ? <Badge variant="primary">Recommended</Badge> : null}
                      </div>
                      <p className="mt-1 line-clamp-2 text-sm leading-6 text-muted-foreground">
                        {tour.description}
                      </p>
                      <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
                        <Clock className="size-3.5" aria-hidden="true" />~{tourDurationMinutes} minutes ·{' '}
                        {tour.stepCount} steps
                      </p>
                    </div>
                  </div>
                  <Button
                    size="sm"
                    variant={recommended ? 'primary' : 'secondary'}
                    className="self-start sm:self-center"
                    onClick={() => start(tour.id)}
                    aria-label={`Start tour: ${tour.name}`}
                  >
                    Start tour
                  </Button>
                </li>
              );
            })}
          </ul>
        </DialogBody>
        <DialogFooter className="items-center sm:justify-between">
          <p className="text-center text-xs text-muted-foreground sm:text-left">
            You can start any tour later from Help.
          </p>
          <Button variant="ghost" onClick={dismissWelcome}>
            Skip
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
