/** The overdue rule, as the server applies it: pending, with a due date already past. */
export function isOverdue(
  activity: { status: string; dueDate: string | Date | null | undefined },
  now: Date = new Date(),
): boolean {
  if (activity.status !== 'pending' || !activity.dueDate) return false;
  const due = new Date(activity.dueDate);
  return !Number.isNaN(due.getTime()) && due.getTime() < now.getTime();
}
