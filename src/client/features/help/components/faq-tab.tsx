import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { faqForIndustry } from '../../../../common/help/faq';
import { searchHelp } from '../../../../common/help/tour-state';
import { HelpSearch, NoMatches } from './help-search';

interface FaqTabProps {
  industrySector: string | null | undefined;
  query: string;
  onQueryChange: (query: string) => void;
}

/** Help panel, FAQ tab (spec §2): questions as an accordion, searchable by question and answer. */
export function FaqTab({ industrySector, query, onQueryChange }: FaqTabProps) {
  const matches = searchHelp(faqForIndustry(industrySector), query, ['question', 'answer']);
  return (
    <div className="flex flex-col gap-4">
      <HelpSearch label="Search questions" value={query} onChange={onQueryChange} />
      {matches.length === 0 ? (
        <NoMatches what="questions" query={query} />
      ) : (
        <Accordion.Root
          type="single"
          collapsible
          className="divide-y divide-border rounded-xl border border-border bg-surface shadow-xs"
        >
          {matches.map((entry) => (
            <Accordion.Item key={entry.question} value={entry.question}>
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex w-full items-start gap-3 px-4 py-3.5 text-left text-sm font-medium text-foreground transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary">
                    <span className="flex-1 leading-6">{entry.question}</span>
                    <ChevronDown
                      className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                      aria-hidden="true"
                    />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="px-4 pb-4 text-sm leading-6 whitespace-pre-line text-muted-foreground">
                {entry.answer}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}
    </div>
  );
}
