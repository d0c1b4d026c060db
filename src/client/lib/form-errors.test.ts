import { describe, expect, it } from 'vitest';
import { createLeadSchema } from '../../common/validation/leads';
import { errorText } from './form-errors';

describe('errorText', () => {
  it("shows a field's message, and a list's first item message (a tag too long)", () => {
    expect(errorText({ message: 'Full name must be at least 2 characters' })).toBe(
      'Full name must be at least 2 characters',
    );
    const issue = createLeadSchema.shape.tags.safeParse(['ok', 'x'.repeat(51)]).error?.issues[0];
    // react-hook-form keeps a list's item errors in an array at the item's index.
    const tagErrors = [undefined, { message: issue?.message }];
    expect(errorText(tagErrors)).toBe('Tag must be at most 50 characters');
    expect(errorText({ leads: { read: { message: undefined } } })).toBeUndefined();
    expect(errorText(undefined)).toBeUndefined();
  });
});
