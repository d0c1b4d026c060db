import { RotateCcw } from 'lucide-react';
import {
  type PermissionSet,
  permissionCategories,
  type ResolvedPermissions,
} from '../../../../common/permissions';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { usePermissionCatalogue } from '../api';
import {
  actionLabels,
  categoryLabels,
  cellState,
  countOverrides,
  isApplicable,
  matrixActions,
  toggleCell,
} from '../permission-matrix-model';

interface PermissionMatrixProps {
  value: PermissionSet;
  onChange: (next: PermissionSet) => void;
  /**
   * What applies without overrides (a user: role defaults, then the team). Without it (a team),
   * unset cells read "role default" and clicks cycle allowed → denied → role default.
   */
  base: ResolvedPermissions | null;
  disabled?: boolean;
  /** Names the matrix for assistive technology, e.g. "Permissions for Jane Doe". */
  label: string;
}

/** Rows are categories, columns actions; each checkbox shows the value that applies. */
export function PermissionMatrix({ value, onChange, base, disabled = false, label }: PermissionMatrixProps) {
  const overrideCount = countOverrides(value);
  const catalogue = usePermissionCatalogue();
  // Each box is named and explained by its catalogue entry (which super admins may reword).
  const entries = new Map(catalogue.data?.items.map((entry) => [`${entry.category}:${entry.action}`, entry]));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <Legend teamMode={base === null} />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange({})}
          disabled={disabled || overrideCount === 0}
          className="-mr-2"
        >
          <RotateCcw aria-hidden="true" />
          {base === null ? 'Clear all' : 'Reset to defaults'}
          {overrideCount > 0 ? ` (${overrideCount})` : ''}
        </Button>
      </div>
      <div className="relative overflow-x-auto rounded-lg border border-border">
        <table className="w-full min-w-[44rem] border-collapse text-sm" aria-label={label}>
          <thead className="bg-muted">
            <tr className="border-b border-border">
              <th
                scope="col"
                className="sticky left-0 bg-muted px-3 py-2.5 text-left text-xs font-semibold text-muted-foreground"
              >
                Area
              </th>
              {matrixActions.map((action) => (
                <th
                  key={action}
                  scope="col"
                  className="w-[4.5rem] px-1.5 py-2.5 text-center text-xs leading-4 font-semibold text-muted-foreground"
                >
                  {actionLabels[action]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {permissionCategories.map((category) => (
              <tr key={category} className="border-b border-border last:border-0">
                <th
                  scope="row"
                  className="sticky left-0 bg-surface px-3 py-2 text-left font-medium whitespace-nowrap"
                >
                  {categoryLabels[category]}
                </th>
                {matrixActions.map((action) => {
                  if (!isApplicable(category, action)) {
                    return (
                      <td key={action} className="px-1.5 py-2 text-center text-slate-300" aria-hidden="true">
                        ·
                      </td>
                    );
                  }
                  const state = cellState(value, base, category, action);
                  const description =
                    state.checked === 'indeterminate'
                      ? 'role default'
                      : state.overridden
                        ? 'custom'
                        : 'inherited';
                  const entry = entries.get(`${category}:${action}`);
                  const checkbox = (
                    <Checkbox
                      checked={state.checked}
                      disabled={disabled}
                      onCheckedChange={() => onChange(toggleCell(value, base, category, action))}
                      aria-label={`${categoryLabels[category]}: ${actionLabels[action]} (${description})`}
                      aria-description={
                        entry ? [entry.name, entry.description].filter(Boolean).join(': ') : undefined
                      }
                    />
                  );
                  return (
                    <td
                      key={action}
                      className={cn('px-1.5 py-2 text-center', state.overridden && 'bg-primary-soft/70')}
                    >
                      <span className="relative inline-flex align-middle">
                        {entry ? (
                          <Tooltip
                            side="top"
                            content={
                              <>
                                <span className="block font-semibold">{entry.name}</span>
                                {entry.description ? (
                                  <span className="block">{entry.description}</span>
                                ) : null}
                              </>
                            }
                          >
                            {checkbox}
                          </Tooltip>
                        ) : (
                          checkbox
                        )}
                        {state.overridden ? (
                          <span
                            className="absolute -top-1 -right-1 size-1.5 rounded-full bg-primary ring-2 ring-surface"
                            aria-hidden="true"
                          />
                        ) : null}
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Legend({ teamMode }: { teamMode: boolean }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <li className="flex items-center gap-1.5">
        <span className="size-2.5 rounded-sm bg-primary-soft ring-1 ring-primary/30" aria-hidden="true" />
        Custom for this {teamMode ? 'team' : 'user'}
      </li>
      <li>{teamMode ? 'Dash: left to each member’s role' : 'Others follow the role and team'}</li>
    </ul>
  );
}
