import type { IndustrySector } from '../../../common/constants';
import type { ObjectIconName } from '../../../common/object-icons';
import type { ObjectPermissionCategory, ParsedFieldInput } from '../../../common/validation/objects';
import { realEstateObjectTemplates } from './real-estate-object-templates';
import { smallBusinessObjectTemplates } from './small-business-object-templates';
import { surplusObjectTemplates } from './surplus-object-templates';
import { taxDeedObjectTemplates } from './tax-deed-object-templates';
import { wholesalerObjectTemplates } from './wholesaler-object-templates';

/*
 * The custom objects each industry sector can add with one click (issue 14): a definition, its
 * fields, and sample records that only preview it (/entity-mockups); installing adds no records.
 * Several sectors offer an object of the same type (`property`): an organization holds one.
 */

/** A field as the API takes it, always named (the data of sample records is keyed by it). */
export type TemplateField = ParsedFieldInput & { fieldName: string };

export interface ObjectTemplate {
  /** Stable id of the template in URLs, stored on the installed definition as industryTemplate. */
  key: string;
  industry: IndustrySector;
  entityType: string;
  displayName: string;
  pluralName: string;
  description: string;
  iconName: ObjectIconName;
  permissionCategory: ObjectPermissionCategory;
  fields: TemplateField[];
  sampleRecords: { displayName: string; data: Record<string, unknown> }[];
}

/** Every template, sector by sector in the order of the sector list. */
export const industryObjectTemplates: readonly ObjectTemplate[] = [
  ...surplusObjectTemplates,
  ...realEstateObjectTemplates,
  ...smallBusinessObjectTemplates,
  ...taxDeedObjectTemplates,
  ...wholesalerObjectTemplates,
];

export function findObjectTemplate(key: string): ObjectTemplate | undefined {
  return industryObjectTemplates.find((template) => template.key === key);
}
