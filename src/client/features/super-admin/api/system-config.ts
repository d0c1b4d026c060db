import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateSystemConfigInput } from '../../../../common/validation/system-config';
import { apiRequest } from '../../../lib/api';

/** The platform's settings as /api/super-admin/system-config answers them. */
export interface SystemConfig {
  id: string;
  maintenanceMode: boolean;
  allowRegistrations: boolean;
  maxOrganizations: number;
  maxUsersPerOrg: number;
  emailNotifications: boolean;
  auditRetentionDays: number;
  updatedAt: string;
}

export interface SystemConfigChange {
  id: string;
  timestamp: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  user: { email: string; name: string } | null;
}

export const systemConfigPath = '/api/super-admin/system-config';
const historyPath = `${systemConfigPath}/history`;

export function useSystemConfig() {
  return useQuery<SystemConfig>({ queryKey: [systemConfigPath] });
}

export function useSystemConfigHistory() {
  return useQuery<{ items: SystemConfigChange[] }>({ queryKey: [historyPath] });
}

export function useUpdateSystemConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateSystemConfigInput) =>
      (await (await apiRequest('PATCH', systemConfigPath, input)).json()) as SystemConfig,
    onSuccess: (config) => {
      queryClient.setQueryData([systemConfigPath], config);
      void queryClient.invalidateQueries({ queryKey: [historyPath] });
    },
  });
}
