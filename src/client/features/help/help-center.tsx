import { lazy } from 'react';
import { useHelpPanel } from '../../app/layout/help-panel-context';
import { LoadOnOpen } from '../../components/load-on-open';
import { useSignedInUser } from '../auth/signed-in-user';

// Tours, guides (markdown), the FAQ and the support form: loaded when the panel first opens.
const HelpPanel = lazy(() => import('./components/help-panel').then((m) => ({ default: m.HelpPanel })));

/** The help panel wired to the layout's open state (the nav's Help button) and the user's industry. */
export function HelpCenter() {
  const { isOpen, open, close } = useHelpPanel();
  const user = useSignedInUser();
  return (
    <LoadOnOpen open={isOpen}>
      <HelpPanel
        open={isOpen}
        onOpenChange={(next) => (next ? open() : close())}
        industrySector={user.industrySector}
      />
    </LoadOnOpen>
  );
}
