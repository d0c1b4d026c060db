import { describe, expect, it } from 'vitest';
import { defaultImportName, importFileProblem } from './import-file';
import { importWizardPath } from './import-paths';

const MB = 1024 * 1024;

describe('import file checks', () => {
  it('refuses other files, empty files and files over the limit before sending', () => {
    expect(importFileProblem({ name: 'list.csv', size: 10 }, 50 * MB)).toBeNull();
    expect(importFileProblem({ name: 'LIST.CSV', size: 50 * MB }, 50 * MB)).toBeNull();
    expect(importFileProblem({ name: 'list.csv', size: 50 * MB + 1 }, 50 * MB)).toBe(
      'The file is larger than 50 MB',
    );
    expect(importFileProblem({ name: 'list.xlsx', size: 10 }, 50 * MB)).toBe('Choose a CSV file (.csv)');
    expect(importFileProblem({ name: 'list.csv', size: 0 }, 50 * MB)).toBe('The file is empty');
  });

  it('names the import after the file', () => {
    expect(defaultImportName('March county list.csv', 'leads')).toBe('March county list');
    expect(defaultImportName('a.csv', 'leads')).toBe('Leads import');
  });

  it('puts the entity and the job in the wizard address', () => {
    expect(importWizardPath()).toBe('/integrations/import');
    expect(importWizardPath({ entity: 'deals' })).toBe('/integrations/import?entity=deals');
    expect(importWizardPath({ entity: 'leads', job: 'abc' })).toBe(
      '/integrations/import?entity=leads&job=abc',
    );
  });
});
