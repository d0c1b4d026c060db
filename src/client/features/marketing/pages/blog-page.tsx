import { ChevronDown, Clock } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Markdown } from '../../../components/ui/markdown';
import { MarketingPage, MarketingSection } from '../components/marketing-page';
import { type BlogPost, blogPosts } from '../content/blog-posts';

function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

export function BlogPage() {
  // The newest article starts open; the others expand in place.
  const [open, setOpen] = useState<string | null>(blogPosts[0]?.slug ?? null);
  return (
    <MarketingPage
      documentTitle="Blog"
      eyebrow="Blog"
      title="Notes on running a surplus recovery business"
      lead="Practical articles on finding claimants, staying compliant and building a business that pays. General information, not legal advice."
    >
      <MarketingSection width="narrow">
        <ol className="flex flex-col gap-6">
          {blogPosts.map((post) => (
            <li key={post.slug}>
              <BlogArticle
                post={post}
                open={open === post.slug}
                onOpenChange={(next) => setOpen(next ? post.slug : null)}
              />
            </li>
          ))}
        </ol>
      </MarketingSection>
    </MarketingPage>
  );
}

function BlogArticle({
  post,
  open,
  onOpenChange,
}: {
  post: BlogPost;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const headingId = `post-${post.slug}`;
  return (
    <Collapsible.Root open={open} onOpenChange={onOpenChange} asChild>
      <article
        id={post.slug}
        aria-labelledby={headingId}
        className="scroll-mt-20 rounded-2xl border border-border bg-surface p-6 shadow-xs sm:p-8"
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <Badge variant="primary">{post.tag}</Badge>
          <time dateTime={post.publishedOn}>{formatDate(post.publishedOn)}</time>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {post.readTimeMinutes} min read
          </span>
        </div>
        <h2
          id={headingId}
          className="mt-3 text-xl font-bold tracking-tight text-balance text-foreground sm:text-2xl"
        >
          {post.title}
        </h2>
        <p className="mt-3 text-base leading-7 text-muted-foreground">{post.summary}</p>
        <Collapsible.Content>
          <Markdown className="mt-6 border-t border-border pt-6 text-base">{post.body}</Markdown>
          <p className="mt-6 text-sm text-muted-foreground">By {post.author}</p>
        </Collapsible.Content>
        <Collapsible.Trigger className="group mt-5 inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-primary hover:text-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
          {open ? 'Show less' : 'Read article'}
          <ChevronDown
            className="size-4 transition-transform group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
        </Collapsible.Trigger>
      </article>
    </Collapsible.Root>
  );
}
