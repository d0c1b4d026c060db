import { Badge, type BadgeVariant } from './ui/badge';
import { ColorBadge } from './ui/color-badge';
import { useStatusColors } from './use-status-colors';

/**
 * A lead's or client's status (fixed by the spec). It takes the colour of the organization's
 * person status of the same name when there is one (Settings → Person statuses), else `variant`.
 */
export function PersonStatusBadge({
  status,
  label = status,
  variant,
}: {
  status: string;
  label?: string;
  variant: BadgeVariant;
}) {
  const color = useStatusColors('/api/person-statuses')(status);
  return color ? <ColorBadge color={color}>{label}</ColorBadge> : <Badge variant={variant}>{label}</Badge>;
}
