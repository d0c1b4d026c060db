import { Compass, FileSignature, type LucideIcon, Rocket, Sparkles, Users } from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  'surplus-funds-onboarding': Rocket,
  'client-management': Users,
  'document-workflow': FileSignature,
  'advanced-features': Sparkles,
};

export function tourIcon(tourId: string): LucideIcon {
  return icons[tourId] ?? Compass;
}
