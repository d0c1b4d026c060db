/*
 * Tailwind class merging for `cn` (lib/cn.ts): a later class overrides an earlier one that sets
 * the same property under the same variants ("px-2 h-10" + "h-8" → "px-2 h-8"), and a shorthand
 * overrides its parts ("px-2" + "p-4" → "p-4"), as tailwind-merge does. tailwind-merge knows every
 * utility of Tailwind and costs 10 KB of every signed-in first load; this knows the families this
 * app uses, in about a tenth of that (issue 21 §1). `merge-classes.test.ts` holds it to
 * tailwind-merge's answer for every pair of classes written anywhere in the client, so a class
 * family added later that this gets wrong fails the test rather than a screen.
 */

import { memoizeText } from '../../common/memoize-text';

const fontSizes = /^(?:xs|sm|base|lg|\d?xl)(?:\/.+)?$/;
const lengthArbitrary = /^\[(?:length:|[\d.]+(?:px|r?em|%|vh|vw|dvh|ch|in)\]|calc\(|min\(|max\(|clamp\()/;

/** Exact classes and their group. */
const exact: Record<string, string> = {};
const addExact = (group: string, names: string) => {
  for (const name of names.split(' ')) exact[name] = group;
};
addExact(
  'display',
  'block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden',
);
addExact('position', 'static fixed absolute relative sticky');
addExact('visibility', 'visible invisible collapse');
addExact('sr', 'sr-only not-sr-only');
addExact('text-transform', 'uppercase lowercase capitalize normal-case');
addExact('font-style', 'italic not-italic');
addExact('text-decoration', 'underline overline line-through no-underline');
addExact('text-overflow', 'truncate text-ellipsis text-clip');
addExact('text-wrap', 'text-wrap text-nowrap text-balance text-pretty');
addExact('text-align', 'text-left text-center text-right text-justify text-start text-end');
addExact('border-style', 'border-solid border-dashed border-dotted border-double border-hidden border-none');
addExact('border-collapse', 'border-collapse border-separate');
addExact('table-layout', 'table-auto table-fixed');
addExact('caption', 'caption-top caption-bottom');
addExact('flex-direction', 'flex-row flex-row-reverse flex-col flex-col-reverse');
addExact('flex-wrap', 'flex-wrap flex-wrap-reverse flex-nowrap');
addExact('word-break', 'break-normal break-words break-all break-keep');
addExact('overflow-wrap', 'wrap-anywhere wrap-break-word wrap-normal');
addExact('fvn-spacing', 'tabular-nums proportional-nums');
addExact('ring-inset', 'ring-inset');
addExact('resize', 'resize resize-none resize-x resize-y');
addExact('filter', 'filter filter-none');
addExact('object-fit', 'object-contain object-cover object-fill object-none object-scale-down');
addExact('snap-type', 'snap-none snap-x snap-y snap-both');
addExact('snap-strictness', 'snap-mandatory snap-proximity');
addExact('snap-align', 'snap-start snap-end snap-center snap-align-none');
addExact('list-style-type', 'list-none list-disc list-decimal');
addExact('list-style-position', 'list-inside list-outside');
addExact('touch', 'touch-auto touch-none touch-manipulation');
addExact('touch-x', 'touch-pan-x touch-pan-left touch-pan-right');
addExact('touch-y', 'touch-pan-y touch-pan-up touch-pan-down');
addExact('backdrop-blur', 'backdrop-blur');
addExact('blur', 'blur');
addExact('shadow', 'shadow');
addExact('rounded', 'rounded');
addExact('border-w', 'border');
addExact('ring-w', 'ring');
addExact(
  'outline-style',
  'outline-none outline-hidden outline-dashed outline-dotted outline-double outline-solid',
);
addExact('transition', 'transition');
addExact('shrink', 'shrink');
addExact('grow', 'grow');

const sides = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'];
const corners = ['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl'];
// A corner or side with the default radius ("rounded-t").
for (const corner of corners) addExact(`rounded-${corner}`, `rounded-${corner}`);

/**
 * Utilities named `<prefix>-<value>` whose group depends only on the prefix: `prefix` or
 * `prefix=group`. The longest prefix matching a class wins ("overflow-x-auto" is overflow-x).
 */
const prefixGroups = new Map(
  (
    'leading tracking line-clamp whitespace align=vertical-align underline-offset accent fill opacity z order ' +
    'p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml w h size min-w min-h max-w max-h ' +
    'scroll-m scroll-mx scroll-my scroll-ms scroll-me scroll-mt scroll-mr scroll-mb scroll-ml ' +
    'scroll-p scroll-px scroll-py scroll-ps scroll-pe scroll-pt scroll-pr scroll-pb scroll-pl ' +
    'space-x space-y gap gap-x gap-y inset inset-x inset-y top right bottom left start end ' +
    'grid-cols grid-rows grid-flow col-start col-end col=col-start-end row-start row-end row=row-start-end ' +
    'flex basis grow shrink items=align-items justify-items justify-self justify=justify-content self=align-self ' +
    'place-items place-content place-self overflow overflow-x overflow-y overscroll overscroll-x overscroll-y ' +
    'cursor pointer-events select appearance aspect object=object-position transition duration ease delay ' +
    'translate translate-x translate-y translate-z rotate scale scale-x scale-y backdrop-blur blur snap=snap-stop ' +
    'outline-offset rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l rounded-ss rounded-se rounded-ee ' +
    'rounded-es rounded-tl rounded-tr rounded-br rounded-bl rounded'
  )
    .split(' ')
    .map((entry) => {
      const [prefix, group = prefix] = entry.split('=');
      return [prefix, group] as const;
    }),
);

const width = /^(?:\d+|\[length:.+\])$/;
const sideOf = /^(?:x|y|s|e|t|r|b|l)$/;

/** Utilities whose group depends on their value: a size or a colour, a style or a width. */
const valueGroups: Record<string, (value: string) => string | undefined> = {
  text: (value) => (fontSizes.test(value) || lengthArbitrary.test(value) ? 'font-size' : 'text-color'),
  font: (value) =>
    /^(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value)
      ? 'font-weight'
      : 'font-family',
  bg: (value) =>
    /^(?:linear|radial|conic|gradient)|^none$/.test(value)
      ? 'bg-image'
      : /^(?:fixed|local|scroll)$/.test(value)
        ? 'bg-attachment'
        : /^(?:no-repeat|repeat)/.test(value)
          ? 'bg-repeat'
          : /^(?:auto|cover|contain)$/.test(value)
            ? 'bg-size'
            : /^(?:bottom|center|left|right|top)/.test(value)
              ? 'bg-position'
              : /^(?:clip|origin|blend)-/.test(value)
                ? `bg-${value.split('-')[0]}`
                : 'bg-color',
  border: (value) => {
    const [first, rest] = [value.split('-')[0], value.slice(2)];
    if (sideOf.test(first))
      return rest === '' || width.test(rest) ? `border-w-${first}` : `border-color-${first}`;
    return width.test(value) ? 'border-w' : 'border-color';
  },
  divide: (value) => {
    const [axis, rest = ''] = [value.slice(0, 1), value.slice(2)];
    if (value === 'x' || value === 'y' || (/^[xy]-/.test(value) && width.test(rest))) return `divide-${axis}`;
    if (/^[xy]-reverse$/.test(value)) return `divide-${axis}-reverse`;
    return /^(?:solid|dashed|dotted|double|none)$/.test(value) ? 'divide-style' : 'divide-color';
  },
  ring: (value) =>
    value.startsWith('offset-')
      ? width.test(value.slice(7))
        ? 'ring-offset-w'
        : 'ring-offset-color'
      : width.test(value)
        ? 'ring-w'
        : 'ring-color',
  outline: (value) => (width.test(value) ? 'outline-w' : 'outline-color'),
  stroke: (value) => (width.test(value) ? 'stroke-w' : 'stroke'),
  shadow: (value) =>
    /^(?:2xs|xs|sm|md|lg|xl|2xl|none|inner|\[.*_.*\])$/.test(value) ? 'shadow' : 'shadow-color',
  decoration: (value) =>
    /^(?:solid|double|dotted|dashed|wavy)$/.test(value)
      ? 'decoration-style'
      : /^(?:auto|from-font|\d+)$/.test(value)
        ? 'decoration-thickness'
        : 'decoration-color',
  from: (value) => (/^\d+%$/.test(value) ? 'gradient-from-pos' : 'gradient-from'),
  via: (value) => (/^\d+%$/.test(value) ? 'gradient-via-pos' : 'gradient-via'),
  to: (value) => (/^\d+%$/.test(value) ? 'gradient-to-pos' : 'gradient-to'),
  content: (value) =>
    /^(?:normal|center|start|end|between|around|evenly|baseline|stretch)$/.test(value)
      ? 'align-content'
      : 'content',
  // Only Tailwind's own animations: tailwind-merge leaves the theme's ("animate-pop-in") unmerged.
  animate: (value) => (/^(?:none|spin|ping|pulse|bounce|\[.+\])$/.test(value) ? 'animate' : undefined),
};

/** Later classes of a group also override the groups listed here (a shorthand and its parts). */
const overrides: Record<string, string[]> = {
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  'scroll-p': [
    'scroll-px',
    'scroll-py',
    'scroll-ps',
    'scroll-pe',
    'scroll-pt',
    'scroll-pr',
    'scroll-pb',
    'scroll-pl',
  ],
  'scroll-px': ['scroll-pr', 'scroll-pl'],
  'scroll-py': ['scroll-pt', 'scroll-pb'],
  'scroll-m': [
    'scroll-mx',
    'scroll-my',
    'scroll-ms',
    'scroll-me',
    'scroll-mt',
    'scroll-mr',
    'scroll-mb',
    'scroll-ml',
  ],
  'scroll-mx': ['scroll-mr', 'scroll-ml'],
  'scroll-my': ['scroll-mt', 'scroll-mb'],
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  rounded: corners.map((corner) => `rounded-${corner}`),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': sides.map((side) => `border-w-${side}`),
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': sides.map((side) => `border-color-${side}`),
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
  'line-clamp': ['display', 'overflow'],
  touch: ['touch-x', 'touch-y', 'touch-pz'],
  'touch-x': ['touch'],
  'touch-y': ['touch'],
  translate: ['translate-x', 'translate-y', 'translate-z'],
  scale: ['scale-x', 'scale-y'],
  'font-size': ['leading'],
  flex: ['basis', 'grow', 'shrink'],
};

function groupOf(utility: string): string | undefined {
  const known = exact[utility];
  if (known) return known;
  // An arbitrary property ("[mask-type:luminance]") groups by its property.
  const arbitrary = /^\[([a-z-]+):.+\]$/.exec(utility);
  if (arbitrary) return `[${arbitrary[1]}]`;
  const parts = utility.split('-');
  for (let length = parts.length - 1; length > 0; length -= 1) {
    const prefix = parts.slice(0, length).join('-');
    const byValue = valueGroups[prefix];
    if (byValue) return byValue(parts.slice(length).join('-'));
    const group = prefixGroups.get(prefix);
    if (group) return group;
  }
  return undefined;
}

interface ParsedClass {
  /** The variants ("hover:", "md:") in a canonical order, and "!" when important. */
  scope: string;
  group: string | undefined;
}

const parsed = new Map<string, ParsedClass>();

function parseClass(name: string): ParsedClass {
  const cached = parsed.get(name);
  if (cached) return cached;
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i += 1) {
    const char = name[i];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) {
      parts.push(name.slice(start, i));
      start = i + 1;
    }
  }
  let utility = name.slice(start);
  const important = utility.startsWith('!') || utility.endsWith('!');
  utility = utility.replace(/^!|!$/g, '').replace(/^-/, '');
  // Variants combine in any order ("md:hover:" = "hover:md:"), except arbitrary ones.
  const variants = parts.every((part) => !part.startsWith('[')) ? parts.toSorted() : parts;
  const result = { scope: `${variants.join(':')}${important ? '!' : ''}:`, group: groupOf(utility) };
  parsed.set(name, result);
  return result;
}

/**
 * `classes` (space-separated) with every class overridden by a later one left out. A page merges
 * the same few lists for every row it draws, so answers are remembered.
 */
export const mergeClasses = memoizeText(mergeClassList);

function mergeClassList(classes: string): string {
  const names = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = names.length - 1; i >= 0; i -= 1) {
    const name = names[i];
    const { scope, group } = parseClass(name);
    if (group === undefined) {
      kept.push(name);
      continue;
    }
    const key = scope + group;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const overridden of overrides[group] ?? []) taken.add(scope + overridden);
    kept.push(name);
  }
  return kept.toReversed().join(' ');
}
