import * as crm from './schema/crm';
import * as customFields from './schema/custom-fields';
import * as documents from './schema/documents';
import * as email from './schema/email';
import * as files from './schema/files';
import * as identity from './schema/identity';
import * as integrations from './schema/integrations';
import * as lists from './schema/lists';
import * as platform from './schema/platform';
import * as preferences from './schema/preferences';
import * as publicSubmissions from './schema/public-submissions';
import * as signing from './schema/signing';
import * as surplus from './schema/surplus';

/** Every table, for drizzle's typed queries (column helpers in the modules are ignored by drizzle). */
export const schema = {
  ...platform,
  ...identity,
  ...integrations,
  ...customFields,
  ...email,
  ...publicSubmissions,
  ...crm,
  ...lists,
  ...documents,
  ...signing,
  ...surplus,
  ...preferences,
  ...files,
};
