import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../lib/cn';

/**
 * Styled elements for rendered markdown (help guides, release notes, legal pages). Classes are set
 * per element rather than through a typography plugin, so nothing depends on runtime styles.
 */
const components: Components = {
  h1: ({ node: _node, className, ...props }) => (
    <h1
      className={cn('mt-0 mb-4 text-2xl font-semibold tracking-tight text-foreground', className)}
      {...props}
    />
  ),
  h2: ({ node: _node, className, ...props }) => (
    <h2
      className={cn('mt-8 mb-3 text-lg font-semibold tracking-tight text-foreground first:mt-0', className)}
      {...props}
    />
  ),
  h3: ({ node: _node, className, ...props }) => (
    <h3
      className={cn('mt-6 mb-2 text-base font-semibold text-foreground first:mt-0', className)}
      {...props}
    />
  ),
  h4: ({ node: _node, className, ...props }) => (
    <h4 className={cn('mt-5 mb-2 text-sm font-semibold text-foreground first:mt-0', className)} {...props} />
  ),
  p: ({ node: _node, className, ...props }) => (
    <p className={cn('my-3 leading-7 first:mt-0 last:mb-0', className)} {...props} />
  ),
  ul: ({ node: _node, className, ...props }) => (
    <ul
      className={cn('my-3 list-disc space-y-1.5 pl-5 marker:text-muted-foreground', className)}
      {...props}
    />
  ),
  ol: ({ node: _node, className, ...props }) => (
    <ol
      className={cn('my-3 list-decimal space-y-1.5 pl-5 marker:text-muted-foreground', className)}
      {...props}
    />
  ),
  li: ({ node: _node, className, ...props }) => <li className={cn('pl-1 leading-7', className)} {...props} />,
  strong: ({ node: _node, className, ...props }) => (
    <strong className={cn('font-semibold text-foreground', className)} {...props} />
  ),
  a: ({ node: _node, className, href, ...props }) => {
    const external = typeof href === 'string' && /^https?:\/\//.test(href);
    return (
      <a
        href={href}
        className={cn(
          'font-medium text-primary underline underline-offset-2 hover:text-primary-hover',
          className,
        )}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        {...props}
      />
    );
  },
  code: ({ node: _node, className, ...props }) => (
    <code
      className={cn(
        'rounded bg-muted px-1.5 py-0.5 font-mono text-[0.85em] text-foreground [pre_&]:bg-transparent [pre_&]:p-0',
        className,
      )}
      {...props}
    />
  ),
  pre: ({ node: _node, className, ...props }) => (
    <pre
      className={cn('my-4 overflow-x-auto rounded-lg bg-muted p-4 text-sm leading-6', className)}
      {...props}
    />
  ),
  blockquote: ({ node: _node, className, ...props }) => (
    <blockquote
      className={cn('my-4 border-l-4 border-primary/30 pl-4 text-muted-foreground italic', className)}
      {...props}
    />
  ),
  hr: ({ node: _node, className, ...props }) => (
    <hr className={cn('my-6 border-border', className)} {...props} />
  ),
  table: ({ node: _node, className, ...props }) => (
    <div className="my-4 overflow-x-auto rounded-lg border border-border">
      <table className={cn('w-full border-collapse text-sm', className)} {...props} />
    </div>
  ),
  th: ({ node: _node, className, ...props }) => (
    <th
      className={cn('border-b border-border bg-muted px-3 py-2 text-left font-semibold', className)}
      {...props}
    />
  ),
  td: ({ node: _node, className, ...props }) => (
    <td className={cn('border-b border-border px-3 py-2 align-top', className)} {...props} />
  ),
};

interface MarkdownProps extends Omit<ComponentProps<'div'>, 'children'> {
  children: string;
}

/** Markdown (GitHub flavoured) as styled prose. Raw HTML in the source is not rendered. */
export function Markdown({ children, className, ...props }: MarkdownProps) {
  return (
    <div className={cn('text-sm text-muted-foreground', className)} {...props}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
