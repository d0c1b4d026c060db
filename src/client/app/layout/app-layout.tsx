import type { ReactNode } from 'react';
import { FeedbackButton } from '../../features/feedback/components/feedback-button';
import { HelpCenter } from '../../features/help/help-center';
import { CommandPaletteHost } from '../../features/search/components/command-palette-host';
import { SupportAccessBanner } from '../../features/support-access/components/support-access-banner';
import { HelpPanelProvider } from './help-panel-context';
import { NavBar } from './nav-bar';
import { OnboardingModals } from './onboarding-modals';

/**
 * The signed-in shell (spec §2): navigation bar above the page; the help panel hangs off it, and the
 * welcome and release dialogs open over it.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <HelpPanelProvider>
      <div className="flex min-h-dvh flex-col bg-background">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {/* Only during a super admin's read-only visit as this user (issue 20). */}
        <SupportAccessBanner />
        <NavBar />
        {/* Room below the content for the floating Feedback button, so it never covers a last row. */}
        <main id="main-content" className="flex-1 sm:pb-16">
          {children}
        </main>
        {/* In this column so that on phones, where it does not float, it ends the page. */}
        <FeedbackButton />
      </div>
      <HelpCenter />
      <OnboardingModals />
      <CommandPaletteHost />
    </HelpPanelProvider>
  );
}
