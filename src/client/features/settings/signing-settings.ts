import { defaultIndustrySector } from '../../../common/constants';
import type { OrganizationSettings } from './api';

/*
 * organization.settings.moveDealOnSigning (issue 17): when the last signer finishes, the deal moves
 * to its pipeline's "Signed" stage. Unset, it is on for surplus locators (whose deals wait on the
 * signed fee agreement) and off for the others, as the server reads it at completion.
 */

export function movesDealOnSigning(organization: Pick<OrganizationSettings, 'settings' | 'industrySector'>) {
  const setting = organization.settings?.moveDealOnSigning;
  return typeof setting === 'boolean' ? setting : organization.industrySector === defaultIndustrySector;
}

/** The settings object to PATCH: the others kept as they are (the server replaces it whole). */
export function withMoveDealOnSigning(settings: Record<string, unknown> | null, value: boolean) {
  return { ...settings, moveDealOnSigning: value };
}
