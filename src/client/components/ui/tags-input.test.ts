import { describe, expect, it } from 'vitest';
import { addTag } from './tags-input';

describe('adding a tag', () => {
  it('trims it and keeps the order', () => {
    expect(addTag(['vip'], '  probate ')).toEqual(['vip', 'probate']);
  });

  it('ignores blanks and a tag already there in any case', () => {
    expect(addTag(['VIP'], 'vip')).toEqual(['VIP']);
    expect(addTag(['vip'], '   ')).toEqual(['vip']);
  });
});
