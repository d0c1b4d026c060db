import type { BulkDocumentAction } from './api';

/** "document" / "documents". */
export function documentsNoun(count: number): string {
  return count === 1 ? 'document' : 'documents';
}

/** The question before a bulk action (naming how many), and the toast after it. */
export function bulkConfirmation(action: BulkDocumentAction, count: number) {
  const some = `${count.toLocaleString()} ${documentsNoun(count)}`;
  switch (action) {
    case 'archive':
      return {
        title: `Archive ${some}?`,
        description: 'Archived documents leave this list; turn on Archived to see them and bring them back.',
        confirm: `Archive ${some}`,
        pending: 'Archiving…',
        done: `Archived ${some}`,
      };
    case 'unarchive':
      return {
        title: `Unarchive ${some}?`,
        description: 'They return to the list of current documents.',
        confirm: `Unarchive ${some}`,
        pending: 'Unarchiving…',
        done: `Unarchived ${some}`,
      };
    case 'delete':
      return {
        title: `Delete ${some}?`,
        description:
          'The documents, their PDFs and their signature fields are deleted. This cannot be undone.',
        confirm: `Delete ${some}`,
        pending: 'Deleting…',
        done: `Deleted ${some}`,
      };
  }
}
