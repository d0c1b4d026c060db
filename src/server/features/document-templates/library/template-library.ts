import type { LibraryTemplate } from './library-template';
import { realEstateTemplates } from './real-estate-templates';
import { smallBusinessTemplates } from './small-business-templates';
import { surplusFundsTemplates } from './surplus-funds-templates';
import { taxDeedTemplates } from './tax-deed-templates';
import { wholesaleTemplates } from './wholesale-templates';

/**
 * Every sample template, by sector in the order of `industrySectorValues`; a new organization is
 * seeded with its sector's, and any of them can be installed later from the library.
 */
export const documentTemplateLibrary: LibraryTemplate[] = [
  ...surplusFundsTemplates,
  ...realEstateTemplates,
  ...smallBusinessTemplates,
  ...taxDeedTemplates,
  ...wholesaleTemplates,
];
