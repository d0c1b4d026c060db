import type { ImportEntityType } from './api';

/** The wizard's address: `?entity=` preselects what is imported, `?job=` shows a started import. */
export function importWizardPath({ entity, job }: { entity?: ImportEntityType; job?: string } = {}): string {
  const params = new URLSearchParams();
  if (entity) params.set('entity', entity);
  if (job) params.set('job', job);
  const search = params.toString();
  return search ? `/integrations/import?${search}` : '/integrations/import';
}
