import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { templateFieldsKey } from '../api';
import type { SavedSignatureField } from '../field-drafts';
import { TemplateFieldAnchors } from './template-field-anchors';

function render(items: SavedSignatureField[] | null, readOnly = false) {
  const client = new QueryClient();
  if (items) client.setQueryData([templateFieldsKey('t1')], { items });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <TemplateFieldAnchors templateId="t1" readOnly={readOnly} />
    </QueryClientProvider>,
  );
}

const anchored: SavedSignatureField = {
  id: 'f1',
  fieldName: 'Claimant signature',
  fieldType: 'signature',
  pageNumber: 1,
  signerEmail: '{{client.email}}',
  signerName: '{{client.fullName}}',
  xPosition: null,
  yPosition: null,
  width: 200,
  height: 50,
  isRequired: true,
  fieldOrder: 0,
  textAnchor: 'Claimant signature:',
  anchorPosition: 'after',
  offsetX: 10,
  offsetY: 0,
  useSmartPositioning: true,
};

describe('TemplateFieldAnchors', () => {
  it('shows each anchored field with its anchor text, position and signer', () => {
    const html = render([anchored]);
    expect(html).toContain('value="Claimant signature:"');
    expect(html).toMatch(/<option selected value="after">After the text<\/option>/);
    expect(html).toMatch(/<option selected value="client">Client<\/option>/);
    expect(html).toContain('Add field');
  });

  it('says so when the template has no anchored field yet', () => {
    expect(render([])).toContain('No anchored fields yet');
  });

  it('offers no changes when read-only', () => {
    const html = render([anchored], true);
    expect(html).not.toContain('Add field');
    expect(html).not.toContain('Save fields');
  });

  it('shows a spinner while the fields load', () => {
    expect(render(null)).toContain('Loading the template');
  });
});
