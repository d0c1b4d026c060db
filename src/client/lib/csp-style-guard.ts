/**
 * The server's Content-Security-Policy allows stylesheets from our own origin only
 * (`style-src 'self'`). Two libraries insert <style> elements at runtime anyway: sonner (its
 * toast rules, at import time) and react-remove-scroll-bar (the scroll lock of Radix dialogs).
 * The browser refuses them and logs a CSP violation each time. Their rules are bundled in
 * styles.css instead, so this guard keeps such elements out of <head>: the library keeps its
 * detached element and nothing is reported.
 *
 * Installed in production builds only: the Vite dev server injects every stylesheet as a
 * <style> element (and serves no CSP).
 */
const isInlineStyle = (node: Node) => node.nodeName === 'STYLE';

export function installCspStyleGuard(head: Pick<Node, 'appendChild' | 'insertBefore'>): void {
  const appendChild = head.appendChild.bind(head);
  const insertBefore = head.insertBefore.bind(head);

  head.appendChild = <T extends Node>(node: T): T => (isInlineStyle(node) ? node : appendChild(node));
  head.insertBefore = <T extends Node>(node: T, child: Node | null): T =>
    isInlineStyle(node) ? node : insertBefore(node, child);
}
