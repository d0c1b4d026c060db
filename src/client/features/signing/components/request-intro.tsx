import type { SigningView } from '../api';

/** Who asks for what: the sender, the document and their message, above consent and code. */
export function RequestIntro({ view }: { view: SigningView }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">
        {view.sender.name} of {view.organization.name} asks you to {actionOf(view.recipient.role)}
      </p>
      <h1 className="text-xl font-semibold tracking-tight text-balance sm:text-2xl">{view.document.name}</h1>
      {view.request.message ? (
        <blockquote className="border-l-2 border-primary/40 pl-3 text-sm leading-6 whitespace-pre-line text-foreground">
          {view.request.message}
        </blockquote>
      ) : null}
    </div>
  );
}

export function actionOf(role: string): string {
  return role === 'approver' ? 'approve:' : 'sign:';
}
