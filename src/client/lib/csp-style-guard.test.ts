import { describe, expect, it } from 'vitest';
import { installCspStyleGuard } from './csp-style-guard';

function fakeHead() {
  const children: Node[] = [];
  const head = {
    appendChild<T extends Node>(node: T): T {
      children.push(node);
      return node;
    },
    insertBefore<T extends Node>(node: T, _child: Node | null): T {
      children.unshift(node);
      return node;
    },
  };
  return { head, children };
}

const node = (nodeName: string) => ({ nodeName }) as Node;

describe('installCspStyleGuard', () => {
  it('keeps <style> elements out of the head and returns them to the caller', () => {
    const { head, children } = fakeHead();
    installCspStyleGuard(head);
    const style = node('STYLE');
    expect(head.appendChild(style)).toBe(style);
    expect(head.insertBefore(style, null)).toBe(style);
    expect(children).toEqual([]);
  });

  it('lets every other element through', () => {
    const { head, children } = fakeHead();
    installCspStyleGuard(head);
    const link = node('LINK');
    const script = node('SCRIPT');
    head.appendChild(link);
    head.insertBefore(script, link);
    expect(children).toEqual([script, link]);
  });
});
