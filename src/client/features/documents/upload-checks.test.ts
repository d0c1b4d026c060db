import { describe, expect, it } from 'vitest';
import { checkPdfFile, maxPdfBytes, nameFromFileName } from './upload-checks';

describe('checkPdfFile', () => {
  it('takes a PDF by type or by name', () => {
    expect(checkPdfFile({ name: 'form.pdf', type: '', size: 10 })).toBeNull();
    expect(checkPdfFile({ name: 'form', type: 'application/pdf', size: 10 })).toBeNull();
  });

  it('refuses other files, empty files and files over 20 MB with the server’s words', () => {
    expect(checkPdfFile({ name: 'page.html', type: 'text/html', size: 10 })).toBe('The file is not a PDF');
    expect(checkPdfFile({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('The file is empty');
    expect(checkPdfFile({ name: 'a.pdf', type: 'application/pdf', size: maxPdfBytes + 1 })).toBe(
      'The PDF is larger than 20 MB',
    );
  });
});

describe('nameFromFileName', () => {
  it('drops the extension and underscores', () => {
    expect(nameFromFileName('County_claim_form.PDF')).toBe('County claim form');
    expect(nameFromFileName('x'.repeat(300)).length).toBe(255);
  });
});
