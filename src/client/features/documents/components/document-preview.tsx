import type { CSSProperties, ReactNode } from 'react';
import type { DocumentJson } from '../../../../common/documents/document-content';
import { cn } from '../../../lib/cn';

/**
 * A document's editor JSON drawn as React elements (no HTML string, so nothing in the content can
 * run): headings, paragraphs, lists, tables, page breaks and marks. A merge field still in the
 * document had no value: it shows as a flagged chip, so the user sees the gap before saving.
 */
export function DocumentPreview({ doc, className }: { doc: DocumentJson; className?: string }) {
  return (
    <div
      className={cn(
        'document-preview mx-auto w-full max-w-[8.5in] bg-white px-6 py-8 text-[15px] leading-7 text-slate-900 shadow-sm ring-1 ring-border sm:px-14 sm:py-12',
        className,
      )}
    >
      {renderChildren(doc.content)}
    </div>
  );
}

function renderChildren(nodes: DocumentJson[] | undefined): ReactNode {
  return nodes?.map((node, index) => <RenderNode key={index} node={node} />);
}

const alignOf = (node: DocumentJson): CSSProperties | undefined => {
  const align = node.attrs?.textAlign;
  return typeof align === 'string' && ['left', 'center', 'right', 'justify'].includes(align)
    ? { textAlign: align as CSSProperties['textAlign'] }
    : undefined;
};

const headingClass: Record<number, string> = {
  1: 'mt-6 mb-3 text-2xl font-bold',
  2: 'mt-5 mb-2 text-xl font-semibold',
  3: 'mt-4 mb-2 text-lg font-semibold',
};

function RenderNode({ node }: { node: DocumentJson }) {
  switch (node.type) {
    case 'paragraph':
      return (
        <p className="my-2 min-h-7" style={alignOf(node)}>
          {renderChildren(node.content)}
        </p>
      );
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level) || 1, 1), 6);
      const Tag = `h${Math.min(level + 1, 6)}` as 'h2';
      return (
        <Tag className={headingClass[level] ?? 'mt-3 mb-1 font-semibold'} style={alignOf(node)}>
          {renderChildren(node.content)}
        </Tag>
      );
    }
    case 'bulletList':
      return <ul className="my-2 list-disc pl-6">{renderChildren(node.content)}</ul>;
    case 'orderedList':
      return <ol className="my-2 list-decimal pl-6">{renderChildren(node.content)}</ol>;
    case 'listItem':
      return <li>{renderChildren(node.content)}</li>;
    case 'blockquote':
      return (
        <blockquote className="my-3 border-l-4 border-slate-200 pl-4">
          {renderChildren(node.content)}
        </blockquote>
      );
    case 'horizontalRule':
      return <hr className="my-4 border-slate-300" />;
    case 'hardBreak':
      return <br />;
    case 'pageBreak':
      return (
        <div
          className="my-6 flex items-center gap-3 text-xs text-muted-foreground"
          role="separator"
          aria-label="Page break"
        >
          <span className="h-px flex-1 border-t border-dashed border-slate-300" />
          Page break
          <span className="h-px flex-1 border-t border-dashed border-slate-300" />
        </div>
      );
    case 'table':
      return (
        <div className="my-3 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <tbody>{renderChildren(node.content)}</tbody>
          </table>
        </div>
      );
    case 'tableRow':
      return <tr>{renderChildren(node.content)}</tr>;
    case 'tableHeader':
      return (
        <th className="border border-slate-300 bg-slate-50 px-2 py-1 text-left font-semibold">
          {renderChildren(node.content)}
        </th>
      );
    case 'tableCell':
      return <td className="border border-slate-300 px-2 py-1 align-top">{renderChildren(node.content)}</td>;
    case 'mergeField':
      return <MissingField label={String(node.attrs?.label ?? node.attrs?.key ?? 'Merge field')} />;
    case 'text':
      return <Marked text={node.text ?? ''} marks={node.marks} />;
    default:
      return <>{renderChildren(node.content)}</>;
  }
}

function MissingField({ label }: { label: string }) {
  return (
    <mark
      className="rounded bg-amber-100 px-1 py-0.5 text-[0.9em] font-medium text-amber-900 ring-1 ring-amber-400 ring-inset"
      title="No value: fill it in on the record, or edit the document"
      data-missing-merge-field=""
    >
      {label}
    </mark>
  );
}

function Marked({ text, marks }: { text: string; marks: DocumentJson['marks'] }) {
  let element: ReactNode = text;
  for (const mark of marks ?? []) {
    switch (mark.type) {
      case 'bold':
        element = <strong>{element}</strong>;
        break;
      case 'italic':
        element = <em>{element}</em>;
        break;
      case 'underline':
        element = <u>{element}</u>;
        break;
      case 'strike':
        element = <s>{element}</s>;
        break;
      case 'link':
        // Shown as a link's look only: a preview is not the place to follow it.
        element = <span className="text-primary underline">{element}</span>;
        break;
    }
  }
  return <>{element}</>;
}
