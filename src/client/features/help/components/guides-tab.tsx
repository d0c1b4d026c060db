import { ArrowLeft, BookOpen, ChevronRight, Clock, FileQuestion } from 'lucide-react';
import { findGuide, guidesForIndustry } from '../../../../common/help/guides';
import { searchHelp, truncateDescription } from '../../../../common/help/tour-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Markdown } from '../../../components/ui/markdown';
import { HelpSearch, NoMatches } from './help-search';

interface GuidesTabProps {
  industrySector: string | null | undefined;
  query: string;
  onQueryChange: (query: string) => void;
  selectedId: string | null;
  onSelect: (guideId: string | null) => void;
}

/** Help panel, Guides tab (spec §2): the searchable list, or one article with Back to guides. */
export function GuidesTab({ industrySector, query, onQueryChange, selectedId, onSelect }: GuidesTabProps) {
  if (selectedId !== null) {
    return (
      <GuideArticle industrySector={industrySector} guideId={selectedId} onBack={() => onSelect(null)} />
    );
  }
  const matches = searchHelp(guidesForIndustry(industrySector), query, ['title', 'description', 'category']);
  return (
    <div className="flex flex-col gap-4">
      <HelpSearch label="Search guides" value={query} onChange={onQueryChange} />
      {matches.length === 0 ? (
        <NoMatches what="guides" query={query} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Guides">
          {matches.map((guide) => (
            <li key={guide.id}>
              <button
                type="button"
                onClick={() => onSelect(guide.id)}
                className="group flex w-full gap-3 rounded-xl border border-border bg-surface p-4 text-left shadow-xs transition-colors hover:border-primary/40 hover:bg-primary-soft/30 focus-visible:outline-2 focus-visible:outline-primary"
              >
                <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <BookOpen className="size-5" aria-hidden="true" />
                </div>
                <div className="min-w-0 flex-1">
                  <h3 className="text-sm font-semibold text-foreground group-hover:text-primary-soft-foreground">
                    {guide.title}
                  </h3>
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <span className="inline-flex items-center gap-1">
                      <Clock className="size-3.5" aria-hidden="true" />
                      {guide.readTimeMinutes} min read
                    </span>
                    <Badge>{guide.category}</Badge>
                  </div>
                  <p className="mt-2 text-sm leading-6 text-muted-foreground">
                    {truncateDescription(guide.description)}
                  </p>
                </div>
                <ChevronRight
                  className="mt-2.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GuideArticle({
  industrySector,
  guideId,
  onBack,
}: {
  industrySector: string | null | undefined;
  guideId: string;
  onBack: () => void;
}) {
  const guide = findGuide(industrySector, guideId);
  return (
    <article className="flex flex-col gap-4" aria-label={guide?.title ?? 'Article not found'}>
      <div>
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
          <ArrowLeft aria-hidden="true" />
          Back to guides
        </Button>
      </div>
      {guide ? (
        <>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge>{guide.category}</Badge>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              {guide.readTimeMinutes} min read
            </span>
          </div>
          <Markdown>{guide.content}</Markdown>
        </>
      ) : (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-12 text-center">
          <FileQuestion className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 text-sm font-semibold text-foreground">Article not found</p>
          <p className="mt-1 text-sm text-muted-foreground">It may have been moved or removed.</p>
        </div>
      )}
    </article>
  );
}
