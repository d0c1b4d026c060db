import type { LucideProps } from 'lucide-react';
import { type ComponentType, lazy, Suspense } from 'react';

const LoadedObjectIcon = lazy(() =>
  import('./object-icon').then((module) => ({ default: module.ObjectIcon })),
);

/**
 * An object's icon by name, for screens of the first load (the top bar, the dashboard). The 48
 * drawings come in one chunk when the first custom object shows: a new organization has none, so
 * its first load carries no icon it does not draw (issue 21 §1). Until they arrive, an empty `svg`
 * holds the place, sized like the icon (by its class or by its container's `[&_svg]` rule).
 */
export function LazyObjectIcon({
  name,
  ...props
}: { name: string | null | undefined } & Omit<LucideProps, 'name'>) {
  return (
    <Suspense fallback={<svg aria-hidden="true" className={props.className} />}>
      <LoadedObjectIcon name={name ?? undefined} {...props} />
    </Suspense>
  );
}

const iconComponents = new Map<string, ComponentType<LucideProps>>();

/** `LazyObjectIcon` as a component of its own per name (navigation items pass icons as components). */
export function lazyObjectIconOf(name: string | null | undefined): ComponentType<LucideProps> {
  const key = name ?? '';
  let component = iconComponents.get(key);
  if (!component) {
    component = (props: LucideProps) => <LazyObjectIcon name={name} {...props} />;
    iconComponents.set(key, component);
  }
  return component;
}
