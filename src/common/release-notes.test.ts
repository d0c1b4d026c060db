import { describe, expect, it } from 'vitest';
import { findReleaseNoteSection, parseReleaseNotes, releaseNoteSections } from './release-notes';

const sample = `# Locus 1.2.0: Faster pipelines

## What's New
A quicker board and clearer reminders.

### Pipeline board
Cards move **instantly** when dragged.

- Optimistic updates
- Undo with Ctrl+Z

### Reminders
Due tasks show on the dashboard.

## Features & Systems Updated
### Deals
Stage probabilities are editable.

## What This Means for You
Less waiting.

## Technical Information
### Database
Migration \`0003\` adds an index.
`;

describe('parseReleaseNotes', () => {
  it('splits the title, the sections and their items', () => {
    expect(parseReleaseNotes(sample)).toEqual({
      title: 'Locus 1.2.0: Faster pipelines',
      sections: [
        {
          heading: "What's New",
          body: 'A quicker board and clearer reminders.',
          items: [
            {
              title: 'Pipeline board',
              body: 'Cards move **instantly** when dragged.\n\n- Optimistic updates\n- Undo with Ctrl+Z',
            },
            { title: 'Reminders', body: 'Due tasks show on the dashboard.' },
          ],
        },
        {
          heading: 'Features & Systems Updated',
          body: '',
          items: [{ title: 'Deals', body: 'Stage probabilities are editable.' }],
        },
        { heading: 'What This Means for You', body: 'Less waiting.', items: [] },
        {
          heading: 'Technical Information',
          body: '',
          items: [{ title: 'Database', body: 'Migration `0003` adds an index.' }],
        },
      ],
    });
  });

  it('uses the spec section names the dialog shows', () => {
    const headings = parseReleaseNotes(sample).sections.map((s) => s.heading);
    expect(headings).toEqual([...releaseNoteSections]);
  });

  it('answers an empty title and no sections for empty notes', () => {
    expect(parseReleaseNotes('')).toEqual({ title: '', sections: [] });
    expect(parseReleaseNotes('\n\n  \n')).toEqual({ title: '', sections: [] });
  });

  it('keeps text before the first section in a heading-less section', () => {
    const notes = parseReleaseNotes(
      "# Title\n\nAn introduction.\n\n### Loose item\nText\n\n## What's New\nNew",
    );
    expect(notes.sections).toEqual([
      { heading: '', body: 'An introduction.', items: [{ title: 'Loose item', body: 'Text' }] },
      { heading: "What's New", body: 'New', items: [] },
    ]);
  });

  it('handles notes without a title', () => {
    expect(parseReleaseNotes("## What's New\n### A\nB")).toEqual({
      title: '',
      sections: [{ heading: "What's New", body: '', items: [{ title: 'A', body: 'B' }] }],
    });
  });

  it('accepts Windows and old Mac line endings', () => {
    const notes = parseReleaseNotes("# T\r\n## What's New\r\n### A\r\nB\r\nC\rD");
    expect(notes.title).toBe('T');
    expect(notes.sections[0].items[0]).toEqual({ title: 'A', body: 'B\nC\nD' });
  });

  it('ignores headings inside fenced code blocks', () => {
    const notes = parseReleaseNotes(
      '# T\n## Technical Information\n### Config\n```sh\n# not a title\n## not a section\n```\n~~~\n### nor an item\n~~~\nAfter',
    );
    expect(notes.sections).toHaveLength(1);
    expect(notes.sections[0].items).toEqual([
      {
        title: 'Config',
        body: '```sh\n# not a title\n## not a section\n```\n~~~\n### nor an item\n~~~\nAfter',
      },
    ]);
  });

  it('needs a closing fence of the same kind and at least the same length', () => {
    const notes = parseReleaseNotes('## S\n````\n```\n## inside\n````\n## After');
    expect(notes.sections.map((s) => s.heading)).toEqual(['S', 'After']);
    expect(notes.sections[0].body).toBe('````\n```\n## inside\n````');
  });

  it('keeps deeper headings and later level-1 headings as text', () => {
    const notes = parseReleaseNotes('# First\n## S\n### I\n#### Detail\ntext\n# Second');
    expect(notes.title).toBe('First');
    expect(notes.sections[0].items[0].body).toBe('#### Detail\ntext\n# Second');
  });

  it('reads headings the CommonMark way', () => {
    const notes = parseReleaseNotes(
      '#  Spaced title  #\n   ## Indented ##\n##NoSpace\n    ## code block\n###\n',
    );
    expect(notes.title).toBe('Spaced title');
    expect(notes.sections).toEqual([
      {
        heading: 'Indented',
        body: '##NoSpace\n    ## code block',
        items: [{ title: '', body: '' }],
      },
    ]);
  });

  it('keeps the indentation and trailing spaces inside a body', () => {
    const notes = parseReleaseNotes('## S\n### I\n\n- a  \n    - nested\n\n');
    expect(notes.sections[0].items[0].body).toBe('- a  \n    - nested');
  });
});

describe('findReleaseNoteSection', () => {
  it('finds a section by heading, ignoring case and surrounding space', () => {
    const notes = parseReleaseNotes(sample);
    expect(findReleaseNoteSection(notes, ' technical information ')?.items[0].title).toBe('Database');
    expect(findReleaseNoteSection(notes, 'Known Issues')).toBeUndefined();
  });
});
