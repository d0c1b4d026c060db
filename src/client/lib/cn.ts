import { type ClassValue, clsx } from 'clsx';

type ClassMerger = (classes: string) => string;

let mergeClasses: ClassMerger = (classes) => classes;

/**
 * Sets how `cn` resolves conflicting Tailwind classes. The full app installs `mergeClasses` before
 * it renders (full-app.tsx); the public site goes without — its components pass no conflicting
 * classes — so its first load stays inside the landing budget (docs/decisions/007).
 */
export function installClassMerger(merge: ClassMerger): void {
  mergeClasses = merge;
}

/** Joins class names; once a merger is installed, later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
