import { describe, expect, it } from 'vitest';
import { objectIconNames } from '../../../../common/object-icons';
import { iconLabel } from './icon-picker';
import { objectIcons } from './object-icon';

describe('object icons', () => {
  it('draws every icon name the server accepts, and nothing else', () => {
    expect(Object.keys(objectIcons).toSorted()).toEqual([...objectIconNames].toSorted());
    for (const name of objectIconNames) expect(objectIcons[name], name).toBeTruthy();
  });

  it('reads each icon out in words', () => {
    expect(iconLabel('Building2')).toBe('Building 2');
    expect(iconLabel('PiggyBank')).toBe('Piggy bank');
    expect(iconLabel('Gavel')).toBe('Gavel');
  });
});
