import { Toaster as Sonner } from 'sonner';
import { useMediaQuery } from '../lib/use-media-query';

/**
 * Toasts (spec §2, §9): at the top on small screens and bottom-right on wider ones, one at a
 * time, 5 s by default, F8 moves focus to them. Sonner's swipe-to-dismiss distance is fixed by
 * the library (45 px, or a quick flick), close to the spec's 50 px.
 */
export function Toaster() {
  const wide = useMediaQuery('(min-width: 640px)');
  return (
    <Sonner
      position={wide ? 'bottom-right' : 'top-center'}
      visibleToasts={1}
      hotkey={['F8']}
      duration={5000}
      closeButton
      richColors
      containerAriaLabel="Notifications"
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold' } }}
    />
  );
}
