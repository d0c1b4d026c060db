import { describe, expect, it } from 'vitest';
import { previewPdfUrl, templatesUrl } from './api';
import { templateTypeLabel } from './template-types';

describe('document template helpers', () => {
  it('reads template types as words and keeps free text as typed', () => {
    expect(templateTypeLabel('fee_agreement')).toBe('Fee agreement');
    expect(templateTypeLabel('power_of_attorney')).toBe('Power of attorney');
    expect(templateTypeLabel('County claim form')).toBe('County claim form');
  });

  it('builds the list URL from the filters that are set', () => {
    expect(templatesUrl({})).toBe('/api/document-templates?limit=200');
    expect(templatesUrl({ search: 'fee', templateType: '', isActive: 'false' })).toBe(
      '/api/document-templates?limit=200&search=fee&isActive=false',
    );
  });

  it('downloads the preview PDF merged with the chosen record', () => {
    expect(previewPdfUrl('t1', { dealId: 'd1' })).toBe('/api/document-templates/t1/pdf?dealId=d1&download=1');
    expect(previewPdfUrl('t1', { clientId: 'c1' })).toBe(
      '/api/document-templates/t1/pdf?clientId=c1&download=1',
    );
  });
});
