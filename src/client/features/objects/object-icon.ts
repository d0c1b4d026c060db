import {
  Building2,
  FileText,
  Gavel,
  House,
  type LucideIcon,
  MapPin,
  Scale,
  Users,
} from 'lucide-react';

/** The icons objects are drawn with, by their lucide name; anything else shows as Building2. */
const objectIcons: Record<string, LucideIcon> = {
  Building2,
  FileText,
  Gavel,
  House,
  MapPin,
  Scale,
  Users,
};

export function objectIcon(name: string | null | undefined): LucideIcon {
  return (name && objectIcons[name]) || Building2;
}
