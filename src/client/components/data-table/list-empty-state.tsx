import { type LucideIcon, Plus, SearchX } from 'lucide-react';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

export interface ListEmptyStateProps {
  /** True when a search or filter hides rows: offer to clear them instead of creating one. */
  narrowed: boolean;
  onClearFilters: () => void;
  /** Plural and singular nouns, e.g. "leads" / "lead". */
  plural: string;
  singular: string;
  icon: LucideIcon;
  description: string;
  /** Opens the create dialog; omitted when the user may not create. */
  onCreate?: () => void;
}

/** The empty state every record list shows: "no matches" under a filter, "nothing yet" otherwise. */
export function ListEmptyState({
  narrowed,
  onClearFilters,
  plural,
  singular,
  icon,
  description,
  onCreate,
}: ListEmptyStateProps) {
  if (narrowed) {
    return (
      <EmptyState
        icon={SearchX}
        title={`No ${plural} match`}
        description="Try another search or remove a filter."
        action={
          <Button variant="secondary" onClick={onClearFilters}>
            Clear search and filters
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={icon}
      title={`No ${plural} yet`}
      description={description}
      action={
        onCreate ? (
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" />
            New {singular}
          </Button>
        ) : null
      }
    />
  );
}
