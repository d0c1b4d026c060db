import {
  CalendarDays,
  ChevronDown,
  GitCommitHorizontal,
  Layers,
  type LucideIcon,
  PartyPopper,
  Sparkles,
  Tag,
  Users,
  Wrench,
} from 'lucide-react';
import { Collapsible, Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import {
  findReleaseNoteSection,
  parseReleaseNotes,
  type ReleaseNoteSection,
} from '../../../../common/release-notes';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { overlayClassName } from '../../../components/ui/overlay';
import { Label } from '../../../components/ui/label';
import { Markdown } from '../../../components/ui/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSaveReleasePreference } from '../api';
import { formatDeployedAt, type Release, shortCommitHash } from '../release';

const mainSections: { heading: string; icon: LucideIcon }[] = [
  { heading: "What's New", icon: Sparkles },
  { heading: 'Features & Systems Updated', icon: Layers },
  { heading: 'What This Means for You', icon: Users },
];

/**
 * The release dialog (spec §2, §4). "Continue to Dashboard" is the only way out: it saves the
 * notification choice and the version seen; Esc and clicks outside do nothing.
 */
export function ReleaseDialog({ release, onConfirmed }: { release: Release; onConfirmed: () => void }) {
  const [showNotifications, setShowNotifications] = useState(true);
  const save = useSaveReleasePreference();
  const notes = parseReleaseNotes(release.releaseNotes);
  const title = notes.title || `Locus ${release.version}`;
  const intro = notes.sections.find((section) => section.heading === '');
  const technical = findReleaseNoteSection(notes, 'Technical Information');
  const shown = mainSections
    .map(({ heading, icon }) => ({ section: findReleaseNoteSection(notes, heading), icon }))
    .filter((entry): entry is { section: ReleaseNoteSection; icon: LucideIcon } => !!entry.section);
  const commit = shortCommitHash(release.commitHash);

  const onContinue = () => {
    save.mutate(
      { showReleaseNotifications: showNotifications, lastSeenReleaseVersion: release.version },
      {
        onSuccess: onConfirmed,
        onError: (error) =>
          toast.error('Failed to update preferences', { description: readApiError(error).message }),
      },
    );
  };

  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          aria-describedby="release-meta"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-border bg-surface shadow-2xl outline-none data-[state=open]:animate-pop-in"
        >
          <div className="rounded-t-2xl border-b border-border bg-linear-to-b from-primary-soft to-surface px-6 pt-6 pb-5">
            <div className="flex items-center gap-2 text-sm font-medium text-primary-soft-foreground">
              <PartyPopper className="size-4" aria-hidden="true" />
              New release
            </div>
            <DialogPrimitive.Title className="mt-2 text-xl leading-7 font-semibold tracking-tight text-foreground">
              {title}
            </DialogPrimitive.Title>
            <div
              id="release-meta"
              className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground"
            >
              <Badge variant={release.releaseType === 'major' ? 'warning' : 'primary'}>
                {release.releaseType === 'major' ? 'Major' : 'Minor'}
              </Badge>
              <span className="inline-flex items-center gap-1.5">
                <Tag className="size-4" aria-hidden="true" />
                Version {release.version}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden="true" />
                <time dateTime={release.deployedAt}>{formatDeployedAt(release.deployedAt)}</time>
              </span>
              {commit ? (
                <span className="inline-flex items-center gap-1.5">
                  <GitCommitHorizontal className="size-4" aria-hidden="true" />
                  <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
                    {commit}
                  </code>
                </span>
              ) : null}
            </div>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
            {intro?.body ? <Markdown className="mb-5">{intro.body}</Markdown> : null}
            {shown.length === 0 && !intro?.body ? (
              <Markdown>{release.releaseNotes || 'This release brings improvements and fixes.'}</Markdown>
            ) : null}
            <div className="flex flex-col gap-6">
              {shown.map(({ section, icon: Icon }) => (
                <section key={section.heading} aria-label={section.heading}>
                  <h3 className="flex items-center gap-2 text-base font-semibold text-foreground">
                    <Icon className="size-4.5 text-primary" aria-hidden="true" />
                    {section.heading}
                  </h3>
                  <SectionContent section={section} />
                </section>
              ))}
            </div>
            {technical ? (
              <Collapsible.Root className="mt-6 rounded-xl border border-border">
                <Collapsible.Trigger className="group flex w-full items-center gap-2 rounded-xl px-4 py-3 text-left text-sm font-semibold text-foreground hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-primary">
                  <Wrench className="size-4 text-muted-foreground" aria-hidden="true" />
                  <span className="flex-1">Technical Information</span>
                  <ChevronDown
                    className="size-4 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                    aria-hidden="true"
                  />
                </Collapsible.Trigger>
                <Collapsible.Content className="border-t border-border px-4 pb-4">
                  <SectionContent section={technical} />
                </Collapsible.Content>
              </Collapsible.Root>
            ) : null}
          </div>

          <div className="flex flex-col gap-3 border-t border-border px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-center gap-2.5">
              <Checkbox
                id="release-notifications"
                checked={showNotifications}
                onCheckedChange={(checked) => setShowNotifications(checked === true)}
              />
              <Label htmlFor="release-notifications" className="font-normal text-muted-foreground">
                Show me new updates when they're released
              </Label>
            </div>
            <Button onClick={onContinue} disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              Continue to Dashboard
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function SectionContent({ section }: { section: ReleaseNoteSection }) {
  return (
    <div className="mt-2">
      {section.body ? <Markdown className="mb-3">{section.body}</Markdown> : null}
      {section.items.length > 0 ? (
        <ul className="flex flex-col gap-2.5">
          {section.items.map((item) => (
            <li key={item.title} className="rounded-lg border border-border bg-background px-4 py-3">
              <p className="text-sm font-semibold text-foreground">{item.title}</p>
              {item.body ? <Markdown className="mt-1">{item.body}</Markdown> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
