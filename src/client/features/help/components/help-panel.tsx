import { BookOpen, CircleHelp, Compass, LifeBuoy, MessageCircle, MessagesSquare, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, useState } from 'react';
import { can } from '../../../../common/permissions';
import { Button } from '../../../components/ui/button';
import { overlayClassName } from '../../../components/ui/overlay';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { useMaybeSignedInUser } from '../../auth/signed-in-user';
import { ServiceRequestsSupportTab } from '../../service-requests/components/service-requests-support-tab';
import { SupportForm } from '../../support/components/support-form';
import { ChatUnavailableDialog } from './chat-unavailable-dialog';
import { FaqTab } from './faq-tab';
import { GuidesTab } from './guides-tab';
import { ToursTab } from './tours-tab';

export type HelpTab = 'tours' | 'guides' | 'faq' | 'support';

interface HelpPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  industrySector: string | null | undefined;
}

/**
 * The help panel (spec §2): a drawer on the right, 600 px wide (at most 90% of the screen), with
 * Tours (the default), Guides, FAQ and Support, each list searchable, and "Chat with us".
 */
export function HelpPanel({ open, onOpenChange, industrySector }: HelpPanelProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          data-testid="help-panel"
          className="fixed inset-y-0 right-0 z-50 flex w-[600px] max-w-[90vw] flex-col border-l border-border bg-surface shadow-2xl outline-none data-[state=open]:animate-slide-in-right"
        >
          <HelpPanelBody industrySector={industrySector} onClose={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

const tabs: { value: HelpTab; label: string; icon: typeof Compass }[] = [
  { value: 'tours', label: 'Tours', icon: Compass },
  { value: 'guides', label: 'Guides', icon: BookOpen },
  { value: 'faq', label: 'FAQ', icon: MessagesSquare },
  { value: 'support', label: 'Support', icon: LifeBuoy },
];

/** The panel's contents; they mount with the panel, so it always opens on Tours with the lists shown. */
function HelpPanelBody({
  industrySector,
  onClose,
}: {
  industrySector: string | null | undefined;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<HelpTab>('tours');
  const [queries, setQueries] = useState<Record<Exclude<HelpTab, 'support'>, string>>({
    tours: '',
    guides: '',
    faq: '',
  });
  const [guideId, setGuideId] = useState<string | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  // Organization admins (settings:manage, as the API asks) file service requests; others keep the support form.
  const user = useMaybeSignedInUser();
  const filesServiceRequests = user !== null && can(user, 'settings', 'manage');
  const setQuery = (key: keyof typeof queries) => (value: string) =>
    setQueries((prev) => ({ ...prev, [key]: value }));

  return (
    <>
      <div className="flex items-start gap-3 border-b border-border px-5 py-4 sm:px-6">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <CircleHelp className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <DialogPrimitive.Title className="text-lg leading-7 font-semibold tracking-tight">
            Help Center
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            Guided tours, how-to guides and answers to common questions.
          </DialogPrimitive.Description>
        </div>
        <DialogPrimitive.Close className="-mr-1 rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Close help</span>
        </DialogPrimitive.Close>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as HelpTab)}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="px-5 pt-4 sm:px-6">
          <TabsList className="grid w-full grid-cols-4">
            {tabs.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value}>
                <Icon className="max-sm:hidden" aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">
          <TabsContent value="tours">
            <ToursTab query={queries.tours} onQueryChange={setQuery('tours')} onLeave={onClose} />
          </TabsContent>
          <TabsContent value="guides">
            <GuidesTab
              industrySector={industrySector}
              query={queries.guides}
              onQueryChange={setQuery('guides')}
              selectedId={guideId}
              onSelect={(id) => {
                setGuideId(id);
                scroller.current?.scrollTo({ top: 0 });
              }}
            />
          </TabsContent>
          <TabsContent value="faq">
            <FaqTab industrySector={industrySector} query={queries.faq} onQueryChange={setQuery('faq')} />
          </TabsContent>
          <TabsContent value="support">
            {filesServiceRequests ? (
              <ServiceRequestsSupportTab />
            ) : (
              <>
                <div className="mb-4">
                  <h3 className="text-sm font-semibold text-foreground">Contact support</h3>
                  <p className="mt-1 text-sm leading-6 text-muted-foreground">
                    Report a problem or suggest an improvement. We usually answer within one business day.
                  </p>
                </div>
                <SupportForm />
              </>
            )}
          </TabsContent>
        </div>
      </Tabs>
      <div
        className={cn(
          'flex items-center justify-between gap-3 border-t border-border bg-muted/40 px-5 py-3 sm:px-6',
        )}
      >
        <p className="text-sm text-muted-foreground">Still need help?</p>
        <Button variant="secondary" size="sm" onClick={() => setChatOpen(true)}>
          <MessageCircle aria-hidden="true" />
          Chat with us
        </Button>
      </div>
      <ChatUnavailableDialog
        open={chatOpen}
        onOpenChange={setChatOpen}
        onOpenSupport={() => setTab('support')}
      />
    </>
  );
}
