/** `/clients/<client>/documents/create`, with `?dealId=` when the document is for one of its deals. */
export function documentCreateHref(clientId: string, dealId?: string | null): string {
  const base = `/clients/${encodeURIComponent(clientId)}/documents/create`;
  return dealId ? `${base}?dealId=${encodeURIComponent(dealId)}` : base;
}

/** "<template> — <client>", the name a new document starts with (at most 255 characters). */
export function suggestedDocumentName(templateName: string, clientName: string | null | undefined): string {
  const name = clientName ? `${templateName} — ${clientName}` : templateName;
  return name.slice(0, 255);
}
