import { matchPath } from '../../../common/match-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InPersonPage } from './pages/in-person-page';
import { SharePage } from './pages/share-page';
import { SigningPage } from './pages/signing-page';
import { useLocation } from 'wouter';

interface SigningRoutesProps {
  /** The signed-in user's organization (in-person signing needs one); null when signed out. */
  organizationName: string | null;
  isLoading: boolean;
}

/** The signing routes of spec §2, open to everyone: /sign/:token, /share/:token, in person. */
export function SigningRoutes({ organizationName, isLoading }: SigningRoutesProps) {
  const [path] = useLocation();
  useDocumentTitle('Sign a document');
  const sign = matchPath('/sign/:token', path);
  // Keyed by token: another link starts the flow fresh.
  if (sign) return <SigningPage key={sign.token} token={sign.token} />;
  const share = matchPath('/share/:token', path);
  if (share) return <SharePage key={share.token} token={share.token} />;
  const inPerson = matchPath('/documents/instances/:id/sign', path);
  if (inPerson) {
    return (
      <InPersonPage
        key={inPerson.id}
        documentInstanceId={inPerson.id}
        organizationName={organizationName}
        isLoading={isLoading}
      />
    );
  }
  return null;
}
