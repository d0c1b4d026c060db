import { SigningFlow } from '../components/signing-flow';

/** /sign/:token: the e-mailed signing link. */
export function SigningPage({ token }: { token: string }) {
  return <SigningFlow token={token} />;
}
