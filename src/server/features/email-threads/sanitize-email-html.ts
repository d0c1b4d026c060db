import sanitizeHtml from 'sanitize-html';

export interface SanitizedEmailHtml {
  html: string;
  /** The message links images on other servers (kept as `data-src` until the user allows them). */
  hasRemoteImages: boolean;
}

/** Tags a mail body may keep: text, layout and tables; never script, style, iframe, object, embed, form or base. */
const allowedTags = [
  ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'style'),
  'img',
  'font',
  'center',
  'u',
  's',
  'strike',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'col',
  'colgroup',
  'caption',
];

const layoutAttributes = ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'dir', 'title'];

/** CSS that can fetch (url(), @import), run (expression, behavior, -moz-binding) or escape the frame. */
const dangerousCss = /url\s*\(|image-set\s*\(|expression\s*\(|@import|behavior\s*:|-moz-binding|javascript:/i;

/** Keeps the declarations of a style attribute that neither fetch nor run anything. */
export function safeStyle(style: string): string {
  return style
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration && !dangerousCss.test(declaration) && !/\\/.test(declaration))
    .join('; ');
}

/**
 * A received or composed body made safe to show (issue 15 point 6): no script, style, iframe,
 * object, form or event handler; links only to http(s), mailto and tel (opening in a new tab);
 * remote images replaced by nothing until the user allows them (`showImages`), because an image
 * fetched from the sender's server tells them when and where the message was read. The result
 * is shown in a sandboxed frame as well: this is the first wall, the frame the second.
 */
export function sanitizeEmailHtml(dirty: string, options: { showImages?: boolean } = {}): SanitizedEmailHtml {
  let hasRemoteImages = false;
  const html = sanitizeHtml(dirty, {
    allowedTags,
    nonTextTags: ['script', 'style', 'textarea', 'option', 'title', 'head', 'noscript', 'template'],
    allowedAttributes: {
      '*': layoutAttributes,
      a: ['href', 'name', 'target', 'rel', ...layoutAttributes],
      img: ['src', 'data-src', 'alt', ...layoutAttributes],
      font: ['color', 'face', 'size', ...layoutAttributes],
      td: ['colspan', 'rowspan', ...layoutAttributes],
      th: ['colspan', 'rowspan', 'scope', ...layoutAttributes],
      col: ['span', ...layoutAttributes],
      ol: ['start', 'type', ...layoutAttributes],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https', 'http', 'data'] },
    allowProtocolRelative: false,
    parseStyleAttributes: false,
    transformTags: {
      '*': (tagName, attribs) => {
        const next = { ...attribs };
        if (next.style !== undefined) {
          const style = safeStyle(next.style);
          if (style) next.style = style;
          else delete next.style;
        }
        // `background` attributes fetch like an <img>; they are never needed to read a message.
        delete next.background;
        return { tagName, attribs: next };
      },
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        const next: Record<string, string> = { ...attribs };
        delete next['data-src'];
        if (/^data:image\/(png|gif|jpe?g|webp);/i.test(src)) return { tagName, attribs: next };
        delete next.src;
        if (/^https?:\/\//i.test(src)) {
          hasRemoteImages = true;
          if (options.showImages) next.src = src;
          else next['data-src'] = src;
        }
        // cid: (inline parts) and anything else has nothing we can show.
        return { tagName, attribs: next };
      },
    },
  });
  return { html, hasRemoteImages };
}

/** The plain text of an HTML body (the text part of a composed message, the timeline entry, snippets). */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre|table)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ');
  const text = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'title', 'head'],
  });
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The start of a message as a list shows it: one line of at most `length` characters. */
export function snippetOf(bodyText: string | null, bodyHtml: string | null, length = 160): string {
  const text = bodyText ?? (bodyHtml ? htmlToText(bodyHtml) : '');
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
