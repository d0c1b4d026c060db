const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may change state (RFC 9110 §9.2.1: everything but the safe methods). */
export function isStateChanging(method: string): boolean {
  return !safeMethods.has(method);
}
