import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { FieldPayload, SavedSignatureField } from './field-drafts';

/* Signature fields of a document or a template (CONTRACT: /api/signature-fields, PUT replace-all). */

interface ItemsAnswer<T> {
  items: T[];
}

/** The parts of a document the placer needs: who it is for and whether it can still change. */
export interface PlacerDocument {
  id: string;
  name: string;
  status: string;
  clientId: string | null;
  clientName: string | null;
  updatedAt: string;
}

export interface PlacerClient {
  id: string;
  displayName: string;
  email: string | null;
}

const fieldsPath = '/api/signature-fields';

export function documentFieldsKey(documentId: string): string {
  return `${fieldsPath}?documentInstanceId=${encodeURIComponent(documentId)}`;
}

export function templateFieldsKey(templateId: string): string {
  return `${fieldsPath}?templateId=${encodeURIComponent(templateId)}`;
}

export function useDocumentFields(documentId: string) {
  return useQuery<ItemsAnswer<SavedSignatureField>>({ queryKey: [documentFieldsKey(documentId)] });
}

export function useTemplateFields(templateId: string) {
  return useQuery<ItemsAnswer<SavedSignatureField>>({ queryKey: [templateFieldsKey(templateId)] });
}

export function usePlacerDocument(documentId: string) {
  return useQuery<PlacerDocument>({ queryKey: [`/api/document-instances/${documentId}`] });
}

export function usePlacerClient(clientId: string | null) {
  return useQuery<PlacerClient>({ queryKey: [`/api/clients/${clientId}`], enabled: clientId !== null });
}

/** Replaces every field of the document in one request; the cache takes the saved list. */
export function useSaveDocumentFields(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: FieldPayload[]) => {
      const res = await apiRequest('PUT', `/api/document-instances/${documentId}/signature-fields`, {
        fields,
      });
      return (await res.json()) as ItemsAnswer<SavedSignatureField>;
    },
    onSuccess: (answer) => queryClient.setQueryData([documentFieldsKey(documentId)], answer),
  });
}

/** A template's anchored field as sent (positions come from the anchor when a document is made). */
export interface TemplateFieldPayload {
  fieldName: string;
  fieldType: string;
  signerEmail: string;
  signerName?: string;
  width: number;
  height: number;
  isRequired: boolean;
  fieldOrder: number;
  textAnchor?: string;
  anchorPosition: string;
  offsetX: number;
  offsetY: number;
  useSmartPositioning: boolean;
  pageNumber?: number;
  xPosition?: number;
  yPosition?: number;
}

export function useSaveTemplateFields(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: TemplateFieldPayload[]) => {
      const res = await apiRequest('PUT', `/api/document-templates/${templateId}/signature-fields`, {
        fields,
      });
      return (await res.json()) as ItemsAnswer<SavedSignatureField>;
    },
    onSuccess: (answer) => queryClient.setQueryData([templateFieldsKey(templateId)], answer),
  });
}
