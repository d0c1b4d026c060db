import { Ban, CircleCheck, Clock, Download, Link2Off, TimerOff, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { type ClosedLink, type SigningView, signedCopyUrl, useSigningLink } from '../api';
import { ConsentStep } from './consent-step';
import { SigningDocument } from './signing-document';
import { SigningShell } from './signing-shell';
import { StatusPanel } from './status-panel';
import { VerifyStep } from './verify-step';

interface SigningFlowProps {
  token: string;
  /** In person: what the sender's device offers once the signer is done (hand the device back). */
  afterwards?: ReactNode;
  /** In person: shown above the page so the signer knows whose turn it is. */
  banner?: ReactNode;
}

/** Everything a link token opens, from the API's state: consent, code, document, and the ends. */
export function SigningFlow({ token, afterwards, banner }: SigningFlowProps) {
  const link = useSigningLink(token);
  if (link.isPending) {
    return (
      <SigningShell organizationName={null}>
        <div className="flex flex-1 items-center justify-center py-24">
          <Spinner size="lg" className="text-primary" label="Loading" />
        </div>
      </SigningShell>
    );
  }
  if (link.isError) {
    return (
      <SigningShell organizationName={null}>
        <StatusPanel
          icon={XCircle}
          tone="danger"
          title="The document could not be loaded"
          actions={
            <Button size="lg" onClick={() => void link.refetch()}>
              Try again
            </Button>
          }
        >
          <p>{link.error.message}</p>
        </StatusPanel>
      </SigningShell>
    );
  }
  const { view, closed } = link.data;
  if (closed) {
    return (
      <SigningShell organizationName={null}>
        {banner}
        <ClosedLinkPanel closed={closed} />
        {afterwards ? <div className="mx-auto w-full max-w-md px-4 pb-10">{afterwards}</div> : null}
      </SigningShell>
    );
  }
  return (
    <SigningShell organizationName={view.organization.name}>
      {banner}
      <SigningStep token={token} view={view} afterwards={afterwards} />
    </SigningShell>
  );
}

function SigningStep({
  token,
  view,
  afterwards,
}: {
  token: string;
  view: SigningView;
  afterwards?: ReactNode;
}) {
  switch (view.state) {
    case 'consent':
      return <ConsentStep token={token} view={view} />;
    case 'verify':
      return <VerifyStep token={token} view={view} />;
    case 'ready':
      return <SigningDocument key={view.recipient.id} token={token} view={view} />;
    case 'waiting':
      return (
        <StatusPanel icon={Clock} tone="warning" title="It's not your turn to sign yet" actions={afterwards}>
          <p>
            {view.document.name} is signed in order. Earlier signers must finish first
            {view.progress.totalSteps > 1
              ? ` (step ${view.progress.currentStep} of ${view.progress.totalSteps} is under way)`
              : ''}
            .
          </p>
          <p>We'll e-mail you when it's your turn. You can close this page.</p>
        </StatusPanel>
      );
    case 'signed':
      return (
        <StatusPanel
          icon={CircleCheck}
          tone="success"
          title={view.recipient.role === 'approver' ? 'You approved the document' : 'You signed the document'}
          actions={
            <>
              <a href={signedCopyUrl(token)} download className={buttonClassName({ size: 'lg' })}>
                <Download aria-hidden="true" />
                Download your copy
              </a>
              {afterwards}
            </>
          }
        >
          <p>
            {view.document.name} for {view.organization.name}.{' '}
            {view.progress.signed < view.progress.total
              ? 'Once everyone has signed, we will e-mail you the completed document.'
              : 'Everyone has signed: the completed document is on its way to your inbox.'}
          </p>
        </StatusPanel>
      );
    case 'declined':
      return (
        <StatusPanel icon={Ban} title="You declined to sign" actions={afterwards}>
          <p>
            We told {view.sender.name} at {view.organization.name}. If this was a mistake, ask them to send
            the document again.
          </p>
        </StatusPanel>
      );
  }
}

const closedTitles: Record<ClosedLink['reason'], string> = {
  invalid: 'This link is not valid',
  expired: 'This link has expired',
  cancelled: 'This signing request was cancelled',
  declined: 'This signing request was declined',
};

const closedAdvice: Record<ClosedLink['reason'], string> = {
  invalid:
    'Check that you opened the whole link from your e-mail. If it still does not work, ask the sender for a new one.',
  expired:
    'The sender set a date after which the document can no longer be signed. Ask them to send it again.',
  cancelled: 'The sender withdrew the document, so there is nothing to sign any more.',
  declined: 'Someone declined to sign, so the document can no longer be signed. The sender has been told.',
};

const closedIcons = { invalid: Link2Off, expired: TimerOff, cancelled: Ban, declined: Ban } as const;

/**
 * A link that opens nothing any more, in the API's words; a wrong token says nothing about any
 * document.
 */
export function ClosedLinkPanel({ closed }: { closed: ClosedLink }) {
  return (
    <StatusPanel
      icon={closedIcons[closed.reason]}
      tone="warning"
      title={closed.message || closedTitles[closed.reason]}
    >
      <p>{closedAdvice[closed.reason]}</p>
    </StatusPanel>
  );
}
