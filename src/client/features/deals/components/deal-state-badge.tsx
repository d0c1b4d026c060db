import { type DealState, dealStateLabels } from '../../../../common/deal-state';
import { ColorBadge } from '../../../components/ui/color-badge';
import { useStatusColors } from '../../../components/use-status-colors';
import { dealStateFallbackColors } from '../../../lib/status-colors';

/** Open, Won or Lost, in the colour of the organization's deal status of that name. */
export function DealStateBadge({ state }: { state: DealState }) {
  const colorOf = useStatusColors('/api/deal-statuses');
  const label = dealStateLabels[state];
  return (
    <ColorBadge color={colorOf(label) ?? dealStateFallbackColors[state]} className="max-w-full">
      {label}
    </ColorBadge>
  );
}
