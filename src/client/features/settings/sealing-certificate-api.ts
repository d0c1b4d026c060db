import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SealingAlgorithm } from '../../../common/validation/certificates';
import { apiRequest } from '../../lib/api';

/** One certificate as GET /api/digital-certificates answers it (public parts only). */
export interface SealingCertificate {
  id: string;
  subject: string | null;
  issuer: string | null;
  serialNumber: string;
  validFrom: string | null;
  validTo: string | null;
  isActive: boolean;
  keySize: number;
  algorithm: 'RSA' | 'ECDSA' | 'EdDSA';
  /** ECDSA only: the curve the key size picked. */
  curve: 'P-256' | 'P-384' | 'P-521' | null;
  fingerprint: string;
  deactivatedAt: string | null;
  createdAt: string;
  status: 'active' | 'deactivated' | 'expired';
}

export const sealingCertificatesPath = '/api/digital-certificates';
const certificatesQueryKey = [sealingCertificatesPath] as const;

export const certificateDownloadUrl = (id: string) => `${sealingCertificatesPath}/${id}/certificate`;
export const authorityChainDownloadUrl = `${sealingCertificatesPath}/ca-chain`;

/** The organization's certificates, newest first (the first look issues the first one). */
export function useSealingCertificates() {
  return useQuery<{ items: SealingCertificate[]; total: number }>({ queryKey: certificatesQueryKey });
}

export function useIssueSealingCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { algorithm: SealingAlgorithm; keySize: number }) =>
      (await (await apiRequest('POST', sealingCertificatesPath, input)).json()) as SealingCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificatesQueryKey }),
  });
}

export function useDeactivateSealingCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await (
        await apiRequest('PATCH', `${sealingCertificatesPath}/${id}`, { isActive: false })
      ).json()) as SealingCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificatesQueryKey }),
  });
}
