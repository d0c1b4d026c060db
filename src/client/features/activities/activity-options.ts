import { CalendarDays, type LucideIcon, Mail, Phone, SquareCheckBig, StickyNote } from 'lucide-react';
import type { ActivityType } from './api';

export const activityTypeInfo: Record<ActivityType, { label: string; icon: LucideIcon; className: string }> =
  {
    call: { label: 'Call', icon: Phone, className: 'bg-sky-50 text-sky-700 ring-sky-600/20' },
    email: { label: 'Email', icon: Mail, className: 'bg-violet-50 text-violet-700 ring-violet-600/20' },
    meeting: {
      label: 'Meeting',
      icon: CalendarDays,
      className: 'bg-amber-50 text-amber-700 ring-amber-600/20',
    },
    note: { label: 'Note', icon: StickyNote, className: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
    task: {
      label: 'Task',
      icon: SquareCheckBig,
      className: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
    },
  };

export const activityTypeOrder: ActivityType[] = ['note', 'call', 'email', 'meeting', 'task'];
