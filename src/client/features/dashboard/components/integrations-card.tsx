import { ArrowRight, KeyRound, Mail, Plug, Webhook } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useApiKeys } from '../../api-keys/api';

/** A pointer to /integrations: mailboxes, webhooks and imports, with the live count of API keys. */
export function IntegrationsCard({ className }: { className?: string }) {
  const keys = useApiKeys();
  const activeKeys = keys.data?.items.filter((key) => key.status === 'active').length;
  return (
    <Card
      className={cn('flex flex-col p-5', className)}
      data-tour="integrations-section"
      aria-labelledby="integrations-card-title"
    >
      <div className="flex items-center gap-2.5">
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <Plug className="size-4.5" aria-hidden="true" />
        </span>
        <h2 id="integrations-card-title" className="text-base font-semibold tracking-tight">
          Integrations
        </h2>
      </div>
      <p className="mt-3 text-sm leading-6 text-muted-foreground">
        Connect the tools you already use, so messages and new leads reach Locus without copying and pasting.
      </p>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        <li className="flex items-center gap-2">
          <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
          Gmail and Outlook mailboxes
        </li>
        <li className="flex items-center gap-2">
          <Webhook className="size-4 text-muted-foreground" aria-hidden="true" />
          Webhooks, API keys and imports
        </li>
        {/* Always laid out (a placeholder while counting), so the page does not shift when the count arrives. */}
        <li className="flex items-center gap-2" data-testid="integrations-card-keys">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
          {keys.isPending ? (
            <span className="h-4 w-28 animate-pulse rounded bg-muted" aria-label="Counting API keys" />
          ) : activeKeys === undefined ? (
            'API keys'
          ) : activeKeys === 0 ? (
            'No API keys yet'
          ) : (
            `${activeKeys} active API ${activeKeys === 1 ? 'key' : 'keys'}`
          )}
        </li>
      </ul>
      <Link
        href="/integrations"
        className="mt-4 inline-flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline"
      >
        Manage integrations
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </Card>
  );
}
