import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { type Endpoint, sendRequest, type TryItAnswer } from '../api';

interface TryItProps {
  endpoint: Endpoint;
  apiKey: string;
  /** The request body example, as the starting text of the body field. */
  bodyExample?: unknown;
}

/** Sends the operation to this server with the API key (or the browser's session) and shows the answer. */
export function TryIt({ endpoint, apiKey, bodyExample }: TryItProps) {
  const { method, path, operation } = endpoint;
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const hasQuery = (operation.parameters ?? []).some((parameter) => parameter.in === 'query');
  const hasBody = operation.requestBody !== undefined;
  const [pathValues, setPathValues] = useState<Record<string, string>>({});
  const [query, setQuery] = useState('');
  const [body, setBody] = useState(bodyExample === undefined ? '' : JSON.stringify(bodyExample, null, 2));
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<TryItAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    try {
      setAnswer(await sendRequest({ method, path, pathValues, query, body, apiKey }));
    } catch (error) {
      setAnswer(null);
      setFailure(error instanceof Error ? error.message : 'The request failed');
    } finally {
      setSending(false);
    }
  }

  const id = operation.operationId;
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={`Try ${method.toUpperCase()} ${path}`}>
      {pathNames.map((name) => (
        <div key={name} className="space-y-1">
          <Label htmlFor={`${id}-path-${name}`}>{name}</Label>
          <Input
            id={`${id}-path-${name}`}
            required
            value={pathValues[name] ?? ''}
            onChange={(event) => setPathValues({ ...pathValues, [name]: event.target.value })}
          />
        </div>
      ))}
      {hasQuery ? (
        <div className="space-y-1">
          <Label htmlFor={`${id}-query`}>Query string</Label>
          <Input
            id={`${id}-query`}
            placeholder="limit=20&search=smith"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      ) : null}
      {hasBody ? (
        <div className="space-y-1">
          <Label htmlFor={`${id}-body`}>JSON body</Label>
          <Textarea
            id={`${id}-body`}
            rows={8}
            className="font-mono text-xs"
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </div>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? <Spinner className="size-4" /> : null}
          Send request
        </Button>
        <span className="text-xs text-muted-foreground">
          {apiKey.trim()
            ? 'Sent with your API key.'
            : 'No API key given: sent with your signed-in session, if any.'}
        </span>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      {answer ? (
        <section aria-live="polite" aria-label="Answer" className="space-y-1">
          <p className="text-sm font-medium">
            HTTP {answer.status} {answer.statusText}
          </p>
          <pre className="max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100">
            {answer.body || '(no content)'}
          </pre>
        </section>
      ) : null}
    </form>
  );
}
