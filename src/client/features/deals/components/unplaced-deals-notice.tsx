import { Link } from 'wouter';
import { dealCountLabel } from '../../../../common/deal-count-label';
import { Notice } from '../../../components/ui/notice';
import type { Board } from '../board-model';

/**
 * Deals in a stage that no active pipeline has (the API's default "proposal", an import, a stage
 * switched off long ago) are on no board. Saying so, with a link to each such stage's deals in the
 * list, keeps them from going unnoticed; a deal's page moves it into a stage.
 */
export function UnplacedDealsNotice({ unplaced }: { unplaced: Board['unplaced'] }) {
  if (unplaced.count === 0) return null;
  const one = unplaced.count === 1;
  return (
    <Notice tone="warning" className="mb-3 py-2">
      {dealCountLabel(unplaced.count)} {one ? 'is' : 'are'} in{' '}
      {unplaced.stages.length === 1 ? 'a stage' : 'stages'} no pipeline shows:{' '}
      {unplaced.stages.map((stage, index) => (
        <span key={stage.name}>
          {index > 0 ? ', ' : null}
          <Link
            href={`/deals?view=list&stage=${encodeURIComponent(stage.name)}`}
            className="font-medium underline underline-offset-2 hover:text-amber-700"
          >
            {stage.name}
          </Link>{' '}
          ({stage.count})
        </span>
      ))}
      . Open {one ? 'it' : 'one'} to move it into a stage.
    </Notice>
  );
}
