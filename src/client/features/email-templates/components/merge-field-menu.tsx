import { Braces, ChevronDown } from 'lucide-react';
import { Fragment } from 'react';
import { type MergeField, mergeFieldGroups, mergeGroupLabels } from '../../../../common/merge-fields';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useMergeFields } from '../api';

/** "Insert field": the merge-field catalogue by group; picking one inserts `{{key}}` at the caret. */
export function MergeFieldMenu({
  onInsert,
  label = 'Insert field',
}: {
  onInsert: (token: string) => void;
  label?: string;
}) {
  const fields = useMergeFields();
  const items = fields.data?.items ?? [];
  const groups = mergeFieldGroups
    .map((group) => ({ group, fields: items.filter((f) => f.group === group) }))
    .filter((g) => g.fields.length > 0);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary [&_svg]:size-4"
        aria-label={label}
      >
        <Braces aria-hidden="true" />
        <span className="hidden sm:inline">{label}</span>
        <ChevronDown aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        className="max-h-80 w-64 overflow-y-auto"
        // The inserted field leaves the caret after it: focus stays in the editor, not on this button.
        onCloseAutoFocus={(event) => event.preventDefault()}
      >
        {fields.isPending ? (
          <p className="px-2.5 py-2 text-sm text-muted-foreground">Loading fields…</p>
        ) : null}
        {fields.isError ? (
          <p className="px-2.5 py-2 text-sm text-destructive">Fields could not be loaded.</p>
        ) : null}
        {groups.map(({ group, fields: groupFields }, index) => (
          <Fragment key={group}>
            {index > 0 ? <DropdownMenuSeparator /> : null}
            <p className="px-2.5 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {mergeGroupLabels[group]}
            </p>
            {groupFields.map((field: MergeField) => (
              <DropdownMenuItem key={field.key} onSelect={() => onInsert(`{{${field.key}}}`)}>
                <span className="flex-1 truncate">{field.label}</span>
                {field.custom ? <span className="text-xs text-muted-foreground">custom</span> : null}
              </DropdownMenuItem>
            ))}
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
