import { ArrowLeft, HandHelping, LogIn, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { type RecipientSummary, startInPersonSigning, useActiveRequestOfDocument } from '../api';
import { SigningFlow } from '../components/signing-flow';
import { SigningShell } from '../components/signing-shell';
import { StatusPanel } from '../components/status-panel';
import {
  forgetInPersonToken,
  readInPersonToken,
  recipientsWhoseTurnItIs,
  storeInPersonToken,
} from '../in-person-tokens';

interface InPersonPageProps {
  documentInstanceId: string;
  /** The signed-in sender's organization, or null when nobody is signed in on this browser. */
  organizationName: string | null;
  isLoading: boolean;
}

/**
 * /documents/instances/:id/sign: the signed-in sender hands this device to a recipient whose turn
 * it is; they go through the same consent and signing as by e-mail, with a short-lived link.
 */
export function InPersonPage({ documentInstanceId, organizationName, isLoading }: InPersonPageProps) {
  if (isLoading) {
    return (
      <SigningShell organizationName={null}>
        <div className="flex flex-1 items-center justify-center py-24">
          <Spinner size="lg" className="text-primary" label="Loading" />
        </div>
      </SigningShell>
    );
  }
  if (organizationName === null) {
    return (
      <SigningShell organizationName={null}>
        <StatusPanel
          icon={LogIn}
          title="Sign in to sign in person"
          actions={
            <Link href="/auth" className={buttonClassName({ size: 'lg' })}>
              Sign in
            </Link>
          }
        >
          <p>
            In-person signing starts from the sender's account. Sign in, then open the document and choose
            Sign in person. If you received a signing e-mail, use the link in it instead.
          </p>
        </StatusPanel>
      </SigningShell>
    );
  }
  return <InPersonSigning documentInstanceId={documentInstanceId} organizationName={organizationName} />;
}

function InPersonSigning({
  documentInstanceId,
  organizationName,
}: {
  documentInstanceId: string;
  organizationName: string;
}) {
  const request = useActiveRequestOfDocument(documentInstanceId);
  const queryClient = useQueryClient();
  const [active, setActive] = useState<{ recipient: RecipientSummary; token: string } | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const backToDocument = (
    <Link
      href={`/documents/instances/${documentInstanceId}`}
      className={buttonClassName({ variant: 'secondary', size: 'lg' })}
    >
      <ArrowLeft aria-hidden="true" />
      Back to the document
    </Link>
  );

  if (active) {
    const handBack = () => {
      forgetInPersonToken(sessionStorage, active.recipient.id);
      setActive(null);
      void queryClient.invalidateQueries({ queryKey: ['/api/enhanced-signature-requests'] });
    };
    return (
      <SigningFlow
        token={active.token}
        banner={
          <div className="flex items-center justify-between gap-3 border-b border-border bg-primary-soft px-4 py-2 text-sm text-primary-soft-foreground">
            <p className="flex min-w-0 items-center gap-2">
              <UserRound className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">Signing in person as {active.recipient.name}</span>
            </p>
          </div>
        }
        afterwards={
          <Button variant="secondary" size="lg" className="w-full" onClick={handBack}>
            Hand the device back
          </Button>
        }
      />
    );
  }

  const handOver = async (recipient: RecipientSummary, requestId: string) => {
    setProblem(null);
    const stored = readInPersonToken(sessionStorage, recipient.id);
    if (stored) {
      setActive({ recipient, token: stored.token });
      return;
    }
    setStarting(recipient.id);
    try {
      const token = await startInPersonSigning(requestId, recipient.id);
      storeInPersonToken(sessionStorage, recipient.id, token);
      setActive({ recipient, token: token.token });
    } catch (error) {
      setProblem(readApiError(error).message);
    } finally {
      setStarting(null);
    }
  };

  let body;
  if (request.isPending) {
    body = (
      <div className="flex flex-1 items-center justify-center py-24">
        <Spinner size="lg" className="text-primary" label="Loading" />
      </div>
    );
  } else if (request.isError) {
    body = (
      <StatusPanel
        icon={HandHelping}
        tone="danger"
        title="The signature request could not be loaded"
        actions={backToDocument}
      >
        <p>{readApiError(request.error).message}</p>
      </StatusPanel>
    );
  } else if (request.data === null) {
    body = (
      <StatusPanel icon={HandHelping} title="Nothing to sign in person" actions={backToDocument}>
        <p>This document has no signature request in progress. Send it for signature first.</p>
      </StatusPanel>
    );
  } else {
    const detail = request.data;
    const turn = recipientsWhoseTurnItIs(detail.recipients);
    body = (
      <div className="mx-auto w-full max-w-md space-y-5 px-4 py-6 sm:py-10">
        <div className="space-y-1">
          <p className="text-sm text-muted-foreground">Sign in person</p>
          <h1 className="text-xl font-semibold tracking-tight text-balance">
            {detail.document?.name ?? detail.title}
          </h1>
          <p className="text-sm leading-6 text-muted-foreground">
            Hand this device to the recipient. They accept the consent and sign here; no code is needed.
          </p>
        </div>
        {turn.length === 0 ? (
          <p className="rounded-lg border border-border bg-surface p-4 text-sm text-muted-foreground">
            Nobody can sign right now: every recipient whose turn it is has finished.
          </p>
        ) : (
          <ul className="space-y-3">
            {turn.map((recipient) => (
              <li key={recipient.id} className="rounded-xl border border-border bg-surface p-4 shadow-sm">
                <p className="font-medium">{recipient.name}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {recipient.email} · {recipient.role}
                </p>
                <Button
                  size="lg"
                  className="mt-3 w-full"
                  disabled={starting !== null}
                  onClick={() => void handOver(recipient, detail.id)}
                >
                  {starting === recipient.id ? 'Preparing…' : `Hand the device to ${recipient.name}`}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        {backToDocument}
      </div>
    );
  }
  return <SigningShell organizationName={organizationName}>{body}</SigningShell>;
}
