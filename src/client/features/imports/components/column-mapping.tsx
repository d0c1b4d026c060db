import { useId } from 'react';
import { Select } from '../../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import type { FieldMapping, ImportField } from '../column-matching';

interface ColumnMappingProps {
  columns: string[];
  previewRows: string[][];
  fields: ImportField[];
  mapping: FieldMapping;
  onChange: (column: string, fieldKey: string) => void;
  /** Fields two columns are mapped to (marked, the wizard will not go on). */
  doubled: string[];
}

/** Each column of the file with a sample value and the field it goes to ("Don't import" skips it). */
export function ColumnMapping({
  columns,
  previewRows,
  fields,
  mapping,
  onChange,
  doubled,
}: ColumnMappingProps) {
  const id = useId();
  const sampleOf = (index: number) =>
    previewRows
      .map((row) => row[index] ?? '')
      .find((value) => value.trim() !== '')
      ?.slice(0, 80) ?? '';
  const labelOf = new Map(fields.map((field) => [field.key, field.label]));

  return (
    <div className="overflow-hidden rounded-lg border border-border">
      {/* Fixed layout: on a phone the field choice keeps half the width, however long a header is. */}
      <Table aria-label="Column mapping" className="table-fixed">
        <TableHeader>
          <TableRow>
            <TableHead>Column in file</TableHead>
            <TableHead className="hidden md:table-cell">Sample</TableHead>
            <TableHead className="w-1/2 md:w-[35%]">Import into</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {columns.map((column, index) => {
            const selectId = `${id}-${index}`;
            const value = mapping[column] ?? '';
            const isDoubled = value !== '' && doubled.includes(value);
            return (
              <TableRow key={column}>
                <TableCell className="align-top">
                  <label htmlFor={selectId} className="font-medium break-all">
                    {column}
                  </label>
                  <p className="mt-0.5 truncate text-xs text-muted-foreground md:hidden">{sampleOf(index)}</p>
                </TableCell>
                <TableCell className="hidden max-w-64 truncate align-top text-muted-foreground md:table-cell">
                  {sampleOf(index)}
                </TableCell>
                <TableCell className="align-top">
                  <Select
                    id={selectId}
                    value={value}
                    aria-invalid={isDoubled || undefined}
                    aria-describedby={isDoubled ? `${selectId}-error` : undefined}
                    onChange={(event) => onChange(column, event.target.value)}
                    className="h-9"
                  >
                    <option value="">Don't import</option>
                    <FieldOptions fields={fields} />
                  </Select>
                  {isDoubled ? (
                    <p id={`${selectId}-error`} className="mt-1 text-xs font-medium text-destructive">
                      Another column goes to {labelOf.get(value) ?? value} too
                    </p>
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

/** The first rows as the server read them: what the user checks before mapping. */
export function PreviewTable({ columns, rows }: { columns: string[]; rows: string[][] }) {
  return (
    <div
      className="max-h-80 overflow-auto rounded-lg border border-border"
      tabIndex={0}
      role="region"
      aria-label="First rows of the file"
    >
      <Table aria-label="Preview">
        <TableHeader>
          <TableRow>
            <TableHead className="w-12 text-right">#</TableHead>
            {columns.map((column) => (
              <TableHead key={column} className="whitespace-nowrap">
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            // Rows have no id of their own: their place in the file is theirs.
            <TableRow key={index}>
              <TableCell className="text-right text-muted-foreground tabular-nums">{index + 1}</TableCell>
              {columns.map((column, cell) => (
                <TableCell key={column} className="max-w-56 truncate whitespace-nowrap">
                  {row[cell] ?? ''}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

const groupLabels = { standard: 'Fields', custom: 'Custom fields', surplus: 'Surplus case' } as const;

function fieldOption(field: ImportField) {
  return (
    <option key={field.key} value={field.key}>
      {field.label}
      {field.required ? ' (required)' : ''}
    </option>
  );
}

/** The fields as options, grouped as the server groups them (standard, custom, surplus case). */
export function FieldOptions({ fields }: { fields: ImportField[] }) {
  const groups = (['standard', 'custom', 'surplus'] as const)
    .map((group) => ({ group, items: fields.filter((field) => (field.group ?? 'standard') === group) }))
    .filter(({ items }) => items.length > 0);
  if (groups.length === 1) return <>{fields.map(fieldOption)}</>;
  return (
    <>
      {groups.map(({ group, items }) => (
        <optgroup key={group} label={groupLabels[group]}>
          {items.map(fieldOption)}
        </optgroup>
      ))}
    </>
  );
}
