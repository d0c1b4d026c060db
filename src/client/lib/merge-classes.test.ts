import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './merge-classes';

/** Every string literal of the client and the shared code: where the app's classes are written. */
function sourceLiterals(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) files.push(file);
    }
  };
  walk('src/client');
  walk('src/common');
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((match) => match[2]),
  );
}

const literals = sourceLiterals();
const looksLikeClass = /^[!a-z0-9\-[\]:/._%#(),&>*@=~+]+$/i;
/** The classes the app writes, as tailwind-merge recognizes them (it drops a repeated one). */
const classes = [
  ...new Set(literals.flatMap((literal) => literal.split(/\s+/)).filter((name) => looksLikeClass.test(name))),
].filter((name) => /[a-z]/.test(name) && twMerge(`${name} ${name}`) === name);

const variantsOf = (name: string) => name.slice(0, Math.max(0, name.lastIndexOf(':')));

describe('mergeClasses', () => {
  it('lets a later class override an earlier one of the same property, and a shorthand its parts', () => {
    expect(mergeClasses('px-2 h-10 h-8')).toBe('px-2 h-8');
    expect(mergeClasses('px-2 py-1 p-4')).toBe('p-4');
    expect(mergeClasses('p-4 px-2')).toBe('p-4 px-2');
    expect(mergeClasses('text-sm text-red-600 text-base')).toBe('text-red-600 text-base');
    expect(mergeClasses('hover:bg-muted bg-surface hover:bg-primary')).toBe('bg-surface hover:bg-primary');
    expect(mergeClasses('w-4 h-4 size-6 unknown unknown')).toBe('size-6 unknown unknown');
  });

  it(`answers as tailwind-merge for every pair of the ${classes.length} classes the app writes`, () => {
    expect(classes.length).toBeGreaterThan(1000);
    const byVariants = new Map<string, string[]>();
    for (const name of classes)
      byVariants.set(variantsOf(name), [...(byVariants.get(variantsOf(name)) ?? []), name]);
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const pair = `${first} ${second}`;
          const expected = twMerge(pair);
          if (mergeClasses(pair) !== expected)
            differences.push(`${pair} → ${expected}, not ${mergeClasses(pair)}`);
        }
      }
    }
    expect(differences.slice(0, 40)).toEqual([]);
  });

  it('answers as tailwind-merge for every class string the app writes and each next to the following one', () => {
    const strings = literals.filter(
      (literal) => literal.includes(' ') && literal.split(/\s+/).every((name) => looksLikeClass.test(name)),
    );
    const differences: string[] = [];
    for (let i = 0; i < strings.length; i += 1) {
      for (const value of [strings[i], `${strings[i]} ${strings[i + 1] ?? ''}`.trim()]) {
        if (mergeClasses(value) !== twMerge(value))
          differences.push(`${value} → ${twMerge(value)}, not ${mergeClasses(value)}`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });
});
