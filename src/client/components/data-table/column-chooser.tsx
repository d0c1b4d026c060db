import { Check, Columns3 } from 'lucide-react';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItemIndicator,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

interface ChooserColumn {
  id: string;
  header: string;
  alwaysVisible?: boolean;
}

interface ColumnChooserProps {
  columns: readonly ChooserColumn[];
  visibleIds: readonly string[];
  onVisibleChange: (id: string, visible: boolean) => void;
}

/** "Columns" menu: a checkbox per column; the menu stays open while the user ticks several. */
export function ColumnChooser({ columns, visibleIds, onVisibleChange }: ColumnChooserProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" size="icon" className="size-9" title="Choose columns">
          <Columns3 aria-hidden="true" />
          <span className="sr-only">Choose columns</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] overflow-y-auto">
        <DropdownMenuLabel className="px-2.5 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Columns
        </DropdownMenuLabel>
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={visibleIds.includes(column.id)}
            disabled={column.alwaysVisible}
            onCheckedChange={(checked) => onVisibleChange(column.id, checked === true)}
            onSelect={(event) => event.preventDefault()}
            className="flex cursor-default items-center gap-2 rounded-md py-2 pr-2.5 pl-2 text-sm text-foreground outline-none select-none data-disabled:opacity-50 data-highlighted:bg-muted"
          >
            <span className="flex size-4 items-center justify-center">
              <DropdownMenuItemIndicator>
                <Check className="size-4 text-primary" aria-hidden="true" />
              </DropdownMenuItemIndicator>
            </span>
            {column.header}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
