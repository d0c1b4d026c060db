import { ExternalLink } from 'lucide-react';
import { parseAmount } from '../../../common/surplus';
import { formatDate, formatMoney, formatNumber } from '../../components/data-table/format';
import { InlineField, type InlineFieldKind, ruleOf } from '../../components/ui/inline-edit';
import { TagsInput } from '../../components/ui/tags-input';
import { cn } from '../../lib/cn';
import type { RecordDetailField, RecordDetailSection } from './record-detail-description';
import { selectOptions } from './record-field-input';
import { PhoneText } from '../../components/phone-text';
import {
  type RecordField,
  type RecordFieldChoices,
  toFormValue,
  toPayloadValue,
  valueAt,
} from './record-form-description';

export interface RecordDetailFieldsProps {
  section: RecordDetailSection;
  record: Record<string, unknown>;
  /** Saves one change (the record type's versioned PATCH). */
  onSave: (name: string, value: unknown) => void;
  readOnly: boolean;
  choices: RecordFieldChoices & { ownerName: (id: string | null | undefined) => string | null };
  /** The shared update rule's fields (`updateLeadSchema.shape`). */
  rules?: Readonly<Record<string, unknown>>;
  phoneFormat?: string | null;
  /** `inline`: label beside the value (a page's card); `stacked`: above it (a side panel). */
  layout: 'inline' | 'stacked';
}

const textKinds: Partial<Record<RecordField['kind'], InlineFieldKind>> = {
  text: 'text',
  email: 'email',
  phone: 'tel',
  url: 'url',
  textarea: 'textarea',
  number: 'number',
  currency: 'text',
  date: 'date',
};
const choiceKinds = new Set<RecordField['kind']>(['select', 'owner', 'usState', 'checkbox']);
const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** A section's fields, each edited in place (Enter or leaving saves, Escape cancels). */
export function RecordDetailFields({ section, layout, ...props }: RecordDetailFieldsProps) {
  const grid = layout === 'stacked' && section.columns === 2 ? 'grid gap-3 sm:grid-cols-2' : 'grid gap-3';
  return (
    <div className={layout === 'inline' ? 'grid gap-1.5' : grid}>
      {section.fields.flatMap((field) => {
        const cell = layout === 'stacked' && field.span === 2 && section.columns === 2 ? 'sm:col-span-2' : '';
        const shown = [
          <DetailField key={field.name} field={field} layout={layout} className={cell} {...props} />,
        ];
        if (field.phoneType) {
          const typeField: RecordDetailField = {
            ...field.phoneType,
            label: `${field.label} type`,
            kind: 'select',
            emptyLabel: 'Not set',
          };
          shown.push(<DetailField key={typeField.name} field={typeField} layout={layout} {...props} />);
        }
        return shown;
      })}
    </div>
  );
}

function DetailField({
  field,
  record,
  onSave,
  readOnly,
  choices,
  rules,
  phoneFormat,
  layout,
  className,
}: Omit<RecordDetailFieldsProps, 'section'> & { field: RecordDetailField; className?: string }) {
  const raw = valueAt(record, field.name);
  const value = raw === null || raw === undefined ? '' : String(toFormValue(field, raw));
  const save = (text: string) => onSave(field.name, fromText(field, text));
  const rule = rules?.[field.name];
  const common = {
    label: field.label,
    readOnly,
    placeholder: field.placeholder,
    // A textarea reads better under its label, even beside other fields' labels.
    layout: field.kind === 'textarea' ? 'stacked' : layout,
    className: cn(field.kind === 'textarea' && layout === 'inline' && 'mt-2', className),
    onSave: save,
  } as const;

  if (field.kind === 'tags' || field.kind === 'multiselect') {
    return (
      <div className={cn('grid gap-1', className)}>
        <span className="text-xs font-medium text-muted-foreground">{field.label}</span>
        <RecordTagsInput
          field={field}
          record={record}
          onSave={onSave}
          readOnly={readOnly}
          choices={choices}
        />
      </div>
    );
  }

  if (
    choiceKinds.has(field.kind) ||
    (field.kind === 'suggestion' && (choices.suggestions[field.suggestions ?? ''] ?? []).length > 0)
  ) {
    const options = field.kind === 'checkbox' ? yesNo : optionsOf(field, record, value, choices);
    return (
      <InlineField
        {...common}
        kind="select"
        options={options}
        emptyLabel={emptyLabelOf(field)}
        value={value}
        display={field.kind === 'owner' ? choices.ownerName(value) : undefined}
      />
    );
  }

  const link =
    field.kind === 'url' && field.linkLabel && value ? (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-0.5 inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
      >
        {field.linkLabel}
        <ExternalLink className="size-3" aria-hidden="true" />
      </a>
    ) : null;
  const inline = (
    <InlineField
      {...common}
      kind={textKinds[field.kind] ?? 'text'}
      value={value}
      display={field.format && value ? field.format(raw) : displayOf(field, raw, phoneFormat)}
      validate={rule ? ruleOf(rule as Parameters<typeof ruleOf>[0]) : undefined}
    />
  );
  if (!link) return inline;
  return (
    <div className={className}>
      {inline}
      {link}
    </div>
  );
}

/** The choices of a picker: a suggestion list keeps the stored value when it is not one of them. */
function optionsOf(
  field: RecordDetailField,
  record: Record<string, unknown>,
  value: string,
  choices: RecordFieldChoices,
) {
  if (field.optionsFor) return field.optionsFor(record);
  if (field.kind === 'suggestion') {
    const names = choices.suggestions[field.suggestions ?? ''] ?? [];
    const all = value && !names.includes(value) ? [...names, value] : names;
    return all.map((name) => ({ value: name, label: name }));
  }
  return selectOptions(field, value, choices);
}

function displayOf(field: RecordField, raw: unknown, phoneFormat?: string | null) {
  if (raw === null || raw === undefined || raw === '') return undefined;
  switch (field.kind) {
    case 'phone':
      return <PhoneText raw={String(raw)} format={phoneFormat} />;
    case 'date':
      return formatDate(String(raw));
    case 'number':
      return formatNumber(raw as number | string);
    case 'currency':
      return formatMoney(raw as number | string);
    default:
      return undefined;
  }
}

/** A picker's "none" choice: the owner's own ("Unassigned"), else "Not set" where a field may be emptied. */
function emptyLabelOf(field: RecordField) {
  if (field.kind === 'owner') return field.emptyLabel;
  const emptiable =
    field.emptyLabel !== undefined || field.kind === 'suggestion' || field.kind === 'checkbox';
  return emptiable ? 'Not set' : undefined;
}

/** A list of tags (or a multi-select's choices) saved as it changes. */
export function RecordTagsInput({
  field,
  record,
  onSave,
  readOnly,
  choices,
}: Pick<RecordDetailFieldsProps, 'record' | 'onSave' | 'readOnly' | 'choices'> & { field: RecordField }) {
  const raw = valueAt(record, field.name);
  return (
    <TagsInput
      aria-label={field.label}
      value={Array.isArray(raw) ? (raw as string[]) : []}
      onChange={(tags) => onSave(field.name, tags)}
      suggestions={
        field.kind === 'multiselect'
          ? field.options?.map((option) => option.value)
          : choices.suggestions[field.suggestions ?? '']
      }
      placeholder={field.placeholder}
      disabled={readOnly}
    />
  );
}

/** The text the inline field saved, as the API takes it. */
function fromText(field: RecordField, text: string): unknown {
  if (field.kind === 'checkbox') return text === '' ? null : text === 'true';
  // Numbers as numbers (a custom record's data keeps their type); text the rule refuses is sent as typed.
  if (field.kind === 'number' || field.kind === 'currency')
    return text === '' ? null : (parseAmount(text) ?? text);
  return toPayloadValue(field, text);
}
