import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../api';
import { ColumnMapping } from './column-mapping';
import { ImportJobActions, undoDescription } from './import-job-actions';

const render = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

const fields = [
  { key: 'fullName', label: 'Full name', required: true, group: 'standard' as const },
  { key: 'email', label: 'Email', group: 'standard' as const },
  { key: 'customFields.caseNumber', label: 'Case number', group: 'custom' as const },
];

describe('ColumnMapping', () => {
  it('labels each choice with its column, groups the fields and marks a field chosen twice', () => {
    const html = render(
      <ColumnMapping
        columns={['Name', 'Mail', 'Other mail']}
        previewRows={[
          ['', 'a@example.com', ''],
          ['Ann', 'b@example.com', 'c@example.com'],
        ]}
        fields={fields}
        mapping={{ Name: 'fullName', Mail: 'email', 'Other mail': 'email' }}
        doubled={['email']}
        onChange={() => undefined}
      />,
    );
    // The sample is the first value that is not blank.
    expect(html).toContain('Ann');
    expect(html).toContain('<optgroup label="Custom fields">');
    expect(html).toContain('Full name (required)');
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(2);
    expect(html).toContain('Another column goes to Email too');
  });
});

const job = (patch: Partial<ImportJob>): ImportJob => ({
  id: '1',
  name: 'March list',
  entityType: 'leads',
  sourceType: 'csv',
  integrationId: null,
  fieldMappings: {},
  options: null,
  status: 'completed',
  totalRecords: 10,
  processedRecords: 10,
  successfulRecords: 8,
  failedRecords: 2,
  hasErrorFile: true,
  startedAt: null,
  completedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...patch,
});

describe('ImportJobActions', () => {
  it('offers the errors file and undo once finished, cancel while running, nothing to a viewer', () => {
    const done = render(<ImportJobActions job={job({})} canManage />);
    expect(done).toContain('href="/api/import-jobs/1/errors.csv"');
    expect(done).toContain('aria-label="Undo import March list"');
    expect(done).not.toContain('Cancel import');

    const running = render(
      <ImportJobActions job={job({ status: 'running', hasErrorFile: false })} canManage />,
    );
    expect(running).toContain('aria-label="Cancel import March list"');
    expect(running).not.toContain('Undo import');
    expect(running).not.toContain('errors.csv');

    const viewer = render(<ImportJobActions job={job({})} canManage={false} />);
    expect(viewer).toContain('errors.csv');
    expect(viewer).not.toContain('Undo import');
  });
});

describe('undoDescription', () => {
  it('says what undo deletes and what it restores', () => {
    const leads = { one: 'lead', other: 'leads' };
    expect(undoDescription(job({ createdRecords: 3, updatedRecords: 0 }), leads)).toBe(
      'The 3 leads this import created are deleted. This cannot be reversed.',
    );
    expect(undoDescription(job({ createdRecords: 1, updatedRecords: 4 }), leads)).toBe(
      'The 1 lead this import created is deleted and the 4 it updated get their earlier values back. This cannot be reversed.',
    );
  });
});
