import { useEffect, useRef } from 'react';
import { type Endpoint, type OpenApiDocument, resolveResponse, typeLabel } from '../api';
import { MethodBadge } from './method-badge';
import { SchemaView } from './schema-view';
import { TryIt } from './try-it';

interface OperationViewProps {
  document: OpenApiDocument;
  endpoint: Endpoint;
  apiKey: string;
}

/** One operation (keyed by its operationId, so each one mounts afresh): what it takes (parameters, body), what it answers (by status), and "Try it". */
export function OperationView({ document, endpoint, apiKey }: OperationViewProps) {
  const { method, path, operation } = endpoint;
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content['application/json'];
  const title = useRef<HTMLHeadingElement>(null);
  // A newly chosen operation starts at its title, with focus there for keyboard and screen reader users.
  useEffect(() => {
    title.current?.scrollIntoView({ block: 'start' });
    title.current?.focus({ preventScroll: true });
  }, []);
  return (
    <article className="space-y-6" aria-labelledby={`${operation.operationId}-title`}>
      <header className="space-y-2">
        <h2
          id={`${operation.operationId}-title`}
          ref={title}
          tabIndex={-1}
          className="text-xl font-semibold outline-none"
        >
          {operation.summary ?? `${method.toUpperCase()} ${path}`}
        </h2>
        <p className="flex items-center gap-2 font-mono text-sm break-all">
          <MethodBadge method={method} />
          {path}
        </p>
        {operation.description ? (
          <p className="text-sm text-muted-foreground">{operation.description}</p>
        ) : null}
      </header>

      {parameters.length > 0 ? (
        <section className="space-y-2">
          <h3 className="text-sm font-semibold">Parameters</h3>
          <ul className="divide-y divide-border rounded-md border border-border bg-surface">
            {parameters.map((parameter) => (
              <li
                key={`${parameter.in}-${parameter.name}`}
                className="flex flex-wrap items-baseline gap-2 px-3 py-2"
              >
                <code className="font-mono text-sm font-semibold">{parameter.name}</code>
                <span className="text-xs text-muted-foreground">in {parameter.in}</span>
                {parameter.schema ? (
                  <span className="font-mono text-xs text-muted-foreground">
                    {typeLabel(document, parameter.schema)}
                  </span>
                ) : null}
                {parameter.required ? (
                  <span className="text-xs font-medium text-red-700">required</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {body?.schema ? (
        <section className="space-y-2">
          <h3 className="text-sm font-semibold">Request body (JSON)</h3>
          <SchemaView document={document} schema={body.schema} />
          {body.example !== undefined ? <Example value={body.example} /> : null}
        </section>
      ) : null}

      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Responses</h3>
        <ul className="space-y-2">
          {Object.entries(operation.responses ?? {}).map(([status, reference]) => {
            const response = resolveResponse(document, reference);
            const media = response.content?.['application/json'];
            return (
              <li key={status} className="rounded-md border border-border bg-surface">
                <details open={status.startsWith('2') && media?.schema !== undefined}>
                  <summary className="cursor-pointer px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-primary">
                    <span
                      className={
                        status.startsWith('2')
                          ? 'font-semibold text-emerald-700'
                          : 'font-semibold text-red-700'
                      }
                    >
                      {status}
                    </span>{' '}
                    {response.description}
                  </summary>
                  {media?.schema ? (
                    <div className="space-y-2 px-3 pb-3">
                      <SchemaView document={document} schema={media.schema} />
                      {media.example !== undefined ? <Example value={media.example} /> : null}
                    </div>
                  ) : null}
                </details>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="space-y-2 rounded-lg border border-border bg-muted/40 p-4">
        <h3 className="text-sm font-semibold">Try it</h3>
        <TryIt key={operation.operationId} endpoint={endpoint} apiKey={apiKey} bodyExample={body?.example} />
      </section>
    </article>
  );
}

function Example({ value }: { value: unknown }) {
  return (
    <details>
      <summary className="cursor-pointer text-xs font-medium text-muted-foreground">Example</summary>
      <pre className="mt-1 max-h-80 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}
