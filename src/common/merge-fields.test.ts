import { describe, expect, it } from 'vitest';
import { htmlToText, mergeKeysIn, renderMergeFields, standardMergeFields } from './merge-fields';

describe('renderMergeFields', () => {
  it('fills known fields, tolerating spaces inside the braces', () => {
    expect(
      renderMergeFields('Dear {{lead.firstName}}, re {{ deal.name }}', {
        'lead.firstName': 'Ann',
        'deal.name': 'Case 7',
      }),
    ).toBe('Dear Ann, re Case 7');
  });

  it('leaves unknown fields visible so the sender notices', () => {
    expect(renderMergeFields('Hi {{lead.nickname}}!', { 'lead.firstName': 'Ann' })).toBe(
      'Hi {{lead.nickname}}!',
    );
  });

  it('renders a known field without a value as nothing', () => {
    expect(renderMergeFields('Phone: {{lead.phone}}.', { 'lead.phone': null })).toBe('Phone: .');
  });

  it('escapes values in HTML but not in plain text', () => {
    const values = { 'lead.fullName': '<script>alert(1)</script> & "Co"' };
    expect(renderMergeFields('<p>{{lead.fullName}}</p>', values, { html: true })).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</p>',
    );
    expect(renderMergeFields('{{lead.fullName}}', values)).toBe('<script>alert(1)</script> & "Co"');
  });

  it('does not treat a value as a template (no second pass)', () => {
    expect(
      renderMergeFields('{{lead.fullName}}', { 'lead.fullName': '{{user.email}}', 'user.email': 'x@y.z' }),
    ).toBe('{{user.email}}');
  });

  it('ignores braces that are not a field', () => {
    expect(renderMergeFields('{{}} {{ x }} {{lead.}}', {})).toBe('{{}} {{ x }} {{lead.}}');
  });
});

describe('mergeKeysIn', () => {
  it('lists distinct keys in order of first use across texts', () => {
    expect(mergeKeysIn('Re {{deal.name}}', '<p>{{lead.firstName}} {{deal.name}}</p>', null)).toEqual([
      'deal.name',
      'lead.firstName',
    ]);
  });
});

describe('catalogue', () => {
  it('has unique keys, each in its group', () => {
    const keys = standardMergeFields.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const field of standardMergeFields) expect(field.key.startsWith(`${field.group}.`)).toBe(true);
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs, list items and link targets', () => {
    expect(
      htmlToText('<p>Hello &amp; welcome</p><ul><li>One</li></ul><p><a href="https://x.test/a">docs</a></p>'),
    ).toBe('Hello & welcome\n\n- One\n\ndocs (https://x.test/a)');
  });
});
