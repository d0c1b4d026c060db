/** A field's path in words, for messages: "customFields.0" → "Custom fields", "leadId" → "Lead ID". */
export function fieldLabel(path: string): string {
  const name = path.split('.').findLast((segment) => !/^\d+$/.test(segment)) ?? path;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bid$/, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
