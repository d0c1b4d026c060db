import {
  type ServiceRequestPriority,
  type ServiceRequestStatus,
  serviceRequestPriorityLabels,
  serviceRequestStatusLabels,
} from '../../../../common/validation/service-requests';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

const statusVariants: Record<ServiceRequestStatus, BadgeVariant> = {
  open: 'primary',
  in_progress: 'warning',
  resolved: 'success',
  closed: 'neutral',
};

const priorityVariants: Record<ServiceRequestPriority, BadgeVariant> = {
  low: 'neutral',
  medium: 'neutral',
  high: 'warning',
  urgent: 'danger',
};

/** A service request's status as both sides see it. */
export function ServiceRequestStatusBadge({ status }: { status: string }) {
  const known = status as ServiceRequestStatus;
  return (
    <Badge variant={statusVariants[known] ?? 'neutral'}>{serviceRequestStatusLabels[known] ?? status}</Badge>
  );
}

export function ServiceRequestPriorityBadge({ priority }: { priority: string }) {
  const known = priority as ServiceRequestPriority;
  return (
    <Badge variant={priorityVariants[known] ?? 'neutral'}>
      {serviceRequestPriorityLabels[known] ?? priority}
    </Badge>
  );
}
