import type { Role } from '../../../common/permissions';

export const roleChoices: { value: Role; label: string; description: string }[] = [
  { value: 'admin', label: 'Admin', description: 'Everything, including users, teams and settings.' },
  { value: 'manager', label: 'Manager', description: 'All records and reports; sees users and teams.' },
  { value: 'user', label: 'User', description: 'Works with records; cannot delete or manage people.' },
];

export const statusChoices = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export function roleLabel(role: string): string {
  return roleChoices.find((choice) => choice.value === role)?.label ?? role;
}

export function roleDescription(role: string): string {
  return roleChoices.find((choice) => choice.value === role)?.description ?? '';
}

const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random temporary password without look-alike characters (no 0/O, 1/l/I). */
export function generateTemporaryPassword(length = 12): string {
  const bytes = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(bytes, (byte) => passwordAlphabet[byte % passwordAlphabet.length]).join('');
}
