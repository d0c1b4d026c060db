import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export interface HelpPanelState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

const HelpPanelContext = createContext<HelpPanelState | null>(null);

/**
 * Open/closed state of the help panel (spec §2, §4). The Help button opens it; the panel itself
 * (tours, guides, FAQ, support) reads this state and renders inside the layout.
 */
export function HelpPanelProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const value = useMemo<HelpPanelState>(
    () => ({ isOpen, open: () => setOpen(true), close: () => setOpen(false) }),
    [isOpen],
  );
  return <HelpPanelContext.Provider value={value}>{children}</HelpPanelContext.Provider>;
}

export function useHelpPanel(): HelpPanelState {
  const state = useContext(HelpPanelContext);
  if (!state) throw new Error('useHelpPanel must be used inside <HelpPanelProvider>');
  return state;
}
