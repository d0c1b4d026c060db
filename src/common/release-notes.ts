/*
 * Release notes (product spec §4 "Release dialog"): markdown with one `# title`, `## sections`
 * (What's New, Features & Systems Updated, What This Means for You, Technical Information) and
 * `### items`. Pure: the release dialog parses them in the browser, the release script checks
 * them before recording a deployment.
 */

/** The sections the release dialog knows, in the order it shows them. */
export const releaseNoteSections = [
  "What's New",
  'Features & Systems Updated',
  'What This Means for You',
  'Technical Information',
] as const;

export interface ReleaseNoteItem {
  /** The `### item` heading. */
  title: string;
  /** Markdown under the item heading, up to the next heading of level 1 to 3 (trimmed). */
  body: string;
}

export interface ReleaseNoteSection {
  /** The `## section` heading; '' for content written before the first section heading. */
  heading: string;
  /** Markdown between the section heading and its first item (trimmed). */
  body: string;
  items: ReleaseNoteItem[];
}

export interface ReleaseNotes {
  /** The first `# title`; '' when the notes have none. */
  title: string;
  sections: ReleaseNoteSection[];
}

interface SectionLines {
  heading: string;
  body: string[];
  items: { title: string; body: string[] }[];
}

/** An ATX heading (CommonMark): up to 3 spaces, 1-6 `#`, a space or the end, optional closing `#`s. */
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits release notes into title, sections and items. Headings inside fenced code blocks are
 * text; `####` and deeper headings stay in the body they appear in; a second `#` heading is text.
 */
export function parseReleaseNotes(markdown: string): ReleaseNotes {
  const notes: ReleaseNotes = { title: '', sections: [] };
  let titleSeen = false;
  let section: SectionLines | null = null;
  const sections: SectionLines[] = [];
  let fence: string | null = null;

  const currentSection = () => {
    if (!section) {
      section = { heading: '', body: [], items: [] };
      sections.push(section);
    }
    return section;
  };
  const appendText = (line: string) => {
    // Blank lines before any content would otherwise open an empty heading-less section.
    if (!section && line.trim() === '') return;
    const target = currentSection();
    const item = target.items.at(-1);
    (item ? item.body : target.body).push(line);
  };

  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
      appendText(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      appendText(line);
      continue;
    }
    const heading = HEADING.exec(line);
    const level = heading?.[1].length ?? 0;
    const text = (heading?.[2] ?? '').trim();
    if (level === 1 && !titleSeen) {
      titleSeen = true;
      notes.title = text;
    } else if (level === 2) {
      section = { heading: text, body: [], items: [] };
      sections.push(section);
    } else if (level === 3) {
      currentSection().items.push({ title: text, body: [] });
    } else {
      appendText(line);
    }
  }

  notes.sections = sections.map((s) => ({
    heading: s.heading,
    body: joinBlock(s.body),
    items: s.items.map((item) => ({ title: item.title, body: joinBlock(item.body) })),
  }));
  return notes;
}

/** The section with this heading (case and surrounding space ignored), if the notes have it. */
export function findReleaseNoteSection(notes: ReleaseNotes, heading: string): ReleaseNoteSection | undefined {
  const wanted = heading.trim().toLowerCase();
  return notes.sections.find((s) => s.heading.toLowerCase() === wanted);
}

/** Lines joined, with the blank lines around the block dropped (everything inside kept as written). */
function joinBlock(lines: string[]): string {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].trim() === '') start++;
  while (end > start && lines[end - 1].trim() === '') end--;
  return lines.slice(start, end).join('\n');
}
