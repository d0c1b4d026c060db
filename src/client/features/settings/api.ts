import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IndustrySector } from '../../../common/constants';
import type { UpdateOrganizationSettingsInput } from '../../../common/validation/organizations';
import type { UpdateProfileInput } from '../../../common/validation/users';
import { apiRequest } from '../../lib/api';
import { type CurrentUser, currentUserQueryKey } from '../auth/api';

/** GET /api/organization: the signed-in organization's settings. */
export interface OrganizationSettings {
  id: string;
  name: string;
  industrySector: IndustrySector;
  corporatePhone: string | null;
  subdomain: string | null;
  planType: string;
  maxUsers: number;
  totalUsers?: number | null;
  emailFromName: string | null;
  emailFromAddress: string | null;
  emailReplyTo: string | null;
  emailSignature: string | null;
  /** Free-form organization settings (e.g. moveDealOnSigning); PATCH replaces them whole. */
  settings: Record<string, unknown> | null;
  /** URL of the current logo, or null. */
  logo: string | null;
}

export const organizationQueryKey = ['/api/organization'] as const;
export const organizationLogoQueryKey = ['/api/organization/logo'] as const;

export function useOrganization() {
  return useQuery<OrganizationSettings>({ queryKey: organizationQueryKey });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) =>
      (await (await apiRequest('PATCH', '/api/user/profile', input)).json()) as CurrentUser,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateOrganizationSettingsInput) =>
      (await (await apiRequest('PATCH', '/api/organization', input)).json()) as OrganizationSettings,
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationQueryKey, organization);
      // The organization's name shows in the logo's alt text and in the user object.
      void queryClient.invalidateQueries({ queryKey: organizationLogoQueryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

function useLogoMutation<TInput>(request: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationQueryKey }),
        queryClient.invalidateQueries({ queryKey: organizationLogoQueryKey }),
      ]),
  });
}

export function useUploadLogo() {
  return useLogoMutation((dataUrl: string) => apiRequest('PUT', '/api/organization/logo', { dataUrl }));
}

export function useRemoveLogo() {
  return useLogoMutation(() => apiRequest('DELETE', '/api/organization/logo'));
}
