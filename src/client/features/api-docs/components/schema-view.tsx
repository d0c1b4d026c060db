import { type JsonSchema, type OpenApiDocument, resolveSchema, typeLabel } from '../api';

interface SchemaViewProps {
  document: OpenApiDocument;
  schema: JsonSchema;
  /** Schemas already open above this one: a schema that contains itself stops here. */
  seen?: string[];
}

/** A JSON schema as a list of fields with their types and rules; nested objects fold open. */
export function SchemaView({ document, schema, seen = [] }: SchemaViewProps) {
  const resolved = resolveSchema(document, schema);
  const object = objectOf(document, resolved);
  if (object?.properties) {
    const required = new Set(object.required ?? []);
    return (
      <ul className="divide-y divide-border rounded-md border border-border bg-surface">
        {Object.entries(object.properties).map(([name, property]) => (
          <li key={name} className="px-3 py-2">
            <Field
              document={document}
              name={name}
              schema={property}
              required={required.has(name)}
              seen={schema.$ref ? [...seen, schema.$ref] : seen}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p className="rounded-md border border-border bg-surface px-3 py-2 font-mono text-xs">
      {typeLabel(document, resolved)}
      <Rules schema={resolved} />
    </p>
  );
}

function Field({
  document,
  name,
  schema,
  required,
  seen,
}: {
  document: OpenApiDocument;
  name: string;
  schema: JsonSchema;
  required: boolean;
  seen: string[];
}) {
  const resolved = resolveSchema(document, schema);
  const nested = nestedObject(document, resolved);
  const ref = nested?.$ref ?? schema.$ref;
  const canOpen = nested !== undefined && !(ref && seen.includes(ref));
  const header = (
    <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <code className="font-mono text-sm font-semibold text-foreground">{name}</code>
      <span className="font-mono text-xs text-muted-foreground">{typeLabel(document, schema)}</span>
      {required ? <span className="text-xs font-medium text-red-700">required</span> : null}
      <Rules schema={resolved} />
    </span>
  );
  const description = resolved.description ?? schema.description;
  if (!canOpen) {
    return (
      <div>
        {header}
        {description ? <p className="mt-1 text-xs text-muted-foreground">{description}</p> : null}
      </div>
    );
  }
  return (
    <details>
      <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-primary">
        {header}
      </summary>
      {description ? <p className="mt-1 text-xs text-muted-foreground">{description}</p> : null}
      <div className="mt-2 pl-3">
        <SchemaView document={document} schema={nested} seen={ref ? [...seen, ref] : seen} />
      </div>
    </details>
  );
}

/** The object inside a field (itself, its list items, or the non-null branch of a nullable). */
function nestedObject(document: OpenApiDocument, schema: JsonSchema): JsonSchema | undefined {
  const candidates = [schema, schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const resolved = resolveSchema(document, candidate);
    if (resolved.properties) return candidate;
    if (resolved.items && resolveSchema(document, resolved.items).properties) return resolved.items;
  }
  return undefined;
}

function objectOf(document: OpenApiDocument, schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  const nested = nestedObject(document, schema);
  return nested ? resolveSchema(document, nested) : undefined;
}

/** The rules a value must follow, as short chips: "≤ 255 chars", "one of New, Contacted". */
function Rules({ schema }: { schema: JsonSchema }) {
  const rules: string[] = [];
  const plain = schema.anyOf?.find((variant) => variant.type !== 'null') ?? schema;
  if (plain.minLength !== undefined) rules.push(`≥ ${plain.minLength} chars`);
  if (plain.maxLength !== undefined) rules.push(`≤ ${plain.maxLength} chars`);
  if (plain.minimum !== undefined) rules.push(`≥ ${plain.minimum}`);
  if (plain.maximum !== undefined) rules.push(`≤ ${plain.maximum}`);
  if (plain.maxItems !== undefined) rules.push(`≤ ${plain.maxItems} items`);
  if (plain.enum) rules.push(`one of ${plain.enum.map(String).join(', ')}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  if (rules.length === 0) return null;
  return (
    <>
      {rules.map((rule) => (
        <span key={rule} className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
          {rule}
        </span>
      ))}
    </>
  );
}
