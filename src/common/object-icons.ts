/*
 * The lucide icons a custom object may wear (iconName): a fixed list, so the server can refuse an
 * unknown name ("Unknown icon") and the client can map each name to its component without
 * bundling the whole icon set. Every name is an export of lucide-react.
 */
export const objectIconNames = [
  'Building2',
  'Building',
  'Home',
  'Landmark',
  'Store',
  'Factory',
  'Warehouse',
  'Hospital',
  'School',
  'Users',
  'User',
  'Handshake',
  'Gavel',
  'Scale',
  'Shield',
  'FileText',
  'Files',
  'ClipboardList',
  'BookOpen',
  'Receipt',
  'DollarSign',
  'Wallet',
  'CreditCard',
  'PiggyBank',
  'MapPin',
  'Map',
  'Globe',
  'Briefcase',
  'Package',
  'Boxes',
  'Truck',
  'Car',
  'Hammer',
  'Wrench',
  'Calendar',
  'Clock',
  'Folder',
  'Tag',
  'Star',
  'Heart',
  'Award',
  'Flag',
  'Key',
  'Mail',
  'Phone',
  'Stethoscope',
  'GraduationCap',
  'Trees',
] as const;

export type ObjectIconName = (typeof objectIconNames)[number];

export const defaultObjectIcon: ObjectIconName = 'Building2';

export function isObjectIconName(value: unknown): value is ObjectIconName {
  return typeof value === 'string' && (objectIconNames as readonly string[]).includes(value);
}
