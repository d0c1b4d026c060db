import type { ChangeEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

const sizes = ['small', 'large'] as const;
const sizeLabels = { small: 'Small one', large: 'Large one' };

describe('SelectField', () => {
  it('labels the drop-down, offers the values in order with their labels, and ties the error to it', () => {
    const html = renderToStaticMarkup(
      <SelectField
        id="size"
        label="Size"
        error="Invalid size"
        value="large"
        options={sizes}
        labelOf={(size) => sizeLabels[size]}
        onChange={() => undefined}
      />,
    );
    expect(html).toContain('<label for="size"');
    expect(html).toMatch(/<select[^>]* id="size"[^>]* aria-invalid="true" aria-describedby="size-error"/);
    expect([...html.matchAll(/<option[^>]* value="(\w+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]])).toEqual([
      ['small', 'Small one'],
      ['large', 'Large one'],
    ]);
    expect(html).toMatch(/<option selected value="large">/);
    expect(html).toContain('<p id="size-error"');
  });

  it('answers the chosen value', () => {
    const onChange = vi.fn();
    const field = SelectField({
      id: 'size',
      label: 'Size',
      value: 'small',
      options: sizes,
      labelOf: String,
      onChange,
    });
    const select = (
      field.props as { children: ReactElement<{ onChange: (e: ChangeEvent<HTMLSelectElement>) => void }> }
    ).children;
    select.props.onChange({ target: { value: 'large' } } as ChangeEvent<HTMLSelectElement>);
    expect(onChange).toHaveBeenCalledWith('large');
  });
});
