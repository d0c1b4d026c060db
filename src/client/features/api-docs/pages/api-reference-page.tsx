import { useEffect, useMemo, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { Logo } from '../../../components/logo';
import { cn } from '../../../lib/cn';
import { documentUrl, type Endpoint, endpointsByTag, fetchDocument, type OpenApiDocument } from '../api';
import { MethodBadge } from '../components/method-badge';
import { OperationView } from '../components/operation-view';

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; document: OpenApiDocument };

const currentHash = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

/** /api/docs: the API reference, read from /api/openapi.json; an operation per page, chosen by the URL hash. */
export function ApiReferencePage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [selected, setSelected] = useState(currentHash);
  const [search, setSearch] = useState('');
  const [apiKey, setApiKey] = useState('');

  useEffect(() => {
    fetchDocument().then(
      (document) => setLoad({ state: 'ready', document }),
      (error: unknown) =>
        setLoad({
          state: 'failed',
          message: error instanceof Error ? error.message : 'The API document could not be loaded',
        }),
    );
    const follow = () => setSelected(currentHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  if (load.state === 'loading') {
    return (
      <main className="grid min-h-screen place-items-center" aria-busy="true">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> Loading the API reference…
        </p>
      </main>
    );
  }
  if (load.state === 'failed') {
    return (
      <main className="mx-auto max-w-xl p-6">
        <Notice tone="warning" title="The API reference is unavailable">
          {load.message}. Try again later, or read the document at <a href={documentUrl}>{documentUrl}</a>.
        </Notice>
      </main>
    );
  }
  return (
    <Reference
      document={load.document}
      selected={selected}
      search={search}
      onSearch={setSearch}
      apiKey={apiKey}
      onApiKey={setApiKey}
    />
  );
}

interface ReferenceProps {
  document: OpenApiDocument;
  selected: string;
  search: string;
  onSearch: (value: string) => void;
  apiKey: string;
  onApiKey: (value: string) => void;
}

function Reference({ document, selected, search, onSearch, apiKey, onApiKey }: ReferenceProps) {
  const groups = useMemo(() => endpointsByTag(document), [document]);
  const titles = useMemo(
    () => new Map((document.tags ?? []).map((tag) => [tag.name, tag['x-displayName'] ?? tag.name])),
    [document],
  );
  const needle = search.trim().toLowerCase();
  const matches = (endpoint: Endpoint) =>
    !needle ||
    endpoint.path.toLowerCase().includes(needle) ||
    (endpoint.operation.summary ?? '').toLowerCase().includes(needle);
  const all = [...groups.values()].flat();
  const current = all.find((endpoint) => endpoint.operation.operationId === selected);
  const visible = [...groups]
    .map(([tag, endpoints]) => [tag, endpoints.filter(matches)] as const)
    .filter(([, list]) => list.length > 0);

  return (
    <div className="min-h-screen bg-background text-foreground lg:grid lg:grid-cols-[20rem_1fr]">
      <aside className="border-b border-border bg-surface lg:sticky lg:top-0 lg:h-screen lg:overflow-y-auto lg:border-r lg:border-b-0">
        <div className="space-y-3 p-4">
          <a
            href="/"
            className="inline-flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Logo />
            <span className="text-sm text-muted-foreground">API reference</span>
          </a>
          <div className="space-y-1">
            <Label htmlFor="api-search">Find an endpoint</Label>
            <Input
              id="api-search"
              type="search"
              placeholder="leads, /api/deals…"
              value={search}
              onChange={(event) => onSearch(event.target.value)}
            />
          </div>
        </div>
        <nav aria-label="Endpoints" className="max-h-[50vh] overflow-y-auto px-2 pb-4 lg:max-h-none">
          {visible.length === 0 ? (
            <p className="px-2 text-sm text-muted-foreground">No endpoint matches “{search}”.</p>
          ) : null}
          {visible.map(([tag, endpoints]) => (
            <div key={tag} className="mb-3">
              <h2 className="px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {titles.get(tag) ?? tag}
              </h2>
              <ul>
                {endpoints.map((endpoint) => (
                  <li key={endpoint.operation.operationId}>
                    <a
                      href={`#${endpoint.operation.operationId}`}
                      aria-current={endpoint.operation.operationId === selected ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-2 rounded-md px-2 py-1 text-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary',
                        endpoint.operation.operationId === selected &&
                          'bg-primary-soft text-primary-soft-foreground',
                      )}
                    >
                      <MethodBadge method={endpoint.method} />
                      <span className="truncate font-mono">{endpoint.path.replace(/^\/api/, '')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <main className="min-w-0 space-y-6 p-4 lg:p-8">
        <section className="max-w-4xl space-y-3">
          <div className="space-y-1">
            <Label htmlFor="api-key">API key</Label>
            <Input
              id="api-key"
              type="password"
              autoComplete="off"
              placeholder="Paste a key to send requests with it (kept only in this page)"
              value={apiKey}
              onChange={(event) => onApiKey(event.target.value)}
            />
          </div>
          {current ? null : <Overview document={document} />}
        </section>
        {current ? (
          <div className="max-w-4xl">
            <OperationView
              key={current.operation.operationId}
              document={document}
              endpoint={current}
              apiKey={apiKey}
            />
          </div>
        ) : null}
      </main>
    </div>
  );
}

function Overview({ document }: { document: OpenApiDocument }) {
  const schemes = Object.entries(document.components?.securitySchemes ?? {});
  return (
    <div className="space-y-4 pt-2">
      <h1 className="text-2xl font-semibold">
        {document.info.title}{' '}
        <span className="text-sm font-normal text-muted-foreground">v{document.info.version}</span>
      </h1>
      {document.info.description ? (
        <p className="text-sm leading-6">{withCode(document.info.description)}</p>
      ) : null}
      <h2 className="text-base font-semibold">Authentication</h2>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {schemes.map(([name, scheme]) => (
          <li key={name}>
            <strong>
              {scheme.type === 'http' ? `Authorization: Bearer <key>` : `Cookie ${scheme.name}`}
            </strong>
            {scheme.description ? <> — {withCode(scheme.description)}</> : null}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        Choose an endpoint on the left. The machine-readable document is at{' '}
        <a className="underline" href={documentUrl}>
          {documentUrl}
        </a>{' '}
        (OpenAPI {document.openapi}).
      </p>
    </div>
  );
}

/** Text with `code` spans (the document's descriptions use Markdown's backticks, nothing more here). */
function withCode(text: string) {
  return text.split('`').map((part, index) =>
    index % 2 === 1 ? (
      // oxlint-disable-next-line no-array-index-key -- the parts of one fixed string never reorder.
      <code key={index} className="rounded bg-muted px-1 font-mono text-xs">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
