import { can } from '../../../../common/permissions';
import { useSignedInUser } from '../../auth/signed-in-user';
import {
  dealReasonsConfig,
  dealStatusesConfig,
  leadSourcesConfig,
  personStatusesConfig,
  revenueTypesConfig,
  type SimpleListConfig,
  tagsConfig,
} from '../list-configs';
import { PipelinesSection } from './pipelines-section';
import { SimpleListEditor } from './simple-list-editor';

export type ListSettingsId =
  | 'pipelines'
  | 'deal-reasons'
  | 'lead-sources'
  | 'revenue-types'
  | 'deal-statuses'
  | 'person-statuses'
  | 'tags';

const configs: Record<Exclude<ListSettingsId, 'pipelines'>, SimpleListConfig> = {
  'deal-reasons': dealReasonsConfig,
  'lead-sources': leadSourcesConfig,
  'revenue-types': revenueTypesConfig,
  'deal-statuses': dealStatusesConfig,
  'person-statuses': personStatusesConfig,
  tags: tagsConfig,
};

/** The settings sections of the configurable lists; changes need settings:update. */
export function ListSettings({ list }: { list: ListSettingsId }) {
  const user = useSignedInUser();
  const canEdit = can(user, 'settings', 'update');
  if (list === 'pipelines') return <PipelinesSection canEdit={canEdit} />;
  return <SimpleListEditor key={list} config={configs[list]} canEdit={canEdit} />;
}
