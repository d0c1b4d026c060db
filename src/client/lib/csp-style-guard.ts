/**
 * The server's Content-Security-Policy allows stylesheets from our own origin only
 * (`style-src 'self'`). react-remove-scroll-bar (the scroll lock of Radix dialogs, selects and
 * menus) inserts a <style> element anyway, each time a modal layer opens. The browser would
 * refuse it and log a CSP violation. Its rules are in styles.css instead, so this guard keeps
 * such elements out of <head>: the library keeps its detached element and nothing is reported.
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
