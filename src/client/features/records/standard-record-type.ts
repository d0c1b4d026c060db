import type { LucideIcon } from 'lucide-react';
import type { StandardListKey } from '../../../common/validation/preferences';
import type { CustomFieldEntityType } from '../../components/custom-fields/types';
import type { RecordType } from './record-type';

/**
 * The identity of a standard record type, which follows from its plural: `/api/leads`, `/leads`,
 * the "leads" permission category, and custom fields of entity type "lead".
 */
export function standardRecordType(
  key: StandardListKey,
  one: CustomFieldEntityType,
  icon: LucideIcon,
  description: string,
): RecordType {
  return {
    key,
    apiPath: `/api/${key}`,
    appPath: `/${key}`,
    noun: { one, other: key },
    title: key.charAt(0).toUpperCase() + key.slice(1),
    description,
    icon,
    permission: key,
    customFieldEntityType: one,
  };
}
