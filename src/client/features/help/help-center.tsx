import { useHelpPanel } from '../../app/layout/help-panel-context';
import { useSignedInUser } from '../auth/signed-in-user';
import { HelpPanel } from './components/help-panel';

/** The help panel wired to the layout's open state (the nav's Help button) and the user's industry. */
export function HelpCenter() {
  const { isOpen, open, close } = useHelpPanel();
  const user = useSignedInUser();
  return (
    <HelpPanel
      open={isOpen}
      onOpenChange={(next) => (next ? open() : close())}
      industrySector={user.industrySector}
    />
  );
}
