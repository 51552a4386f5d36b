// HTML microdata (itemscope/itemtype/itemprop) read from the page by the content script, as a
// plain tree, turned into the same JSON-LD-shaped objects the event reader understands. The
// tree crosses a message, so it is checked here as untrusted data.

import { isPlainObject, own, type JsonRecord } from '../guards.ts';

/** One itemscope: its types (full itemtype URLs) and each itemprop's values in document order. */
export interface MicrodataItem {
  types: string[];
  props: Record<string, Array<string | MicrodataItem>>;
}

export const MICRODATA_LIMITS = { items: 200, depth: 8, props: 60, values: 200, chars: 10_000 } as const;

function shortName(name: string): string {
  return name.trim().replace(/^.*[/#:]/, '');
}

function convert(raw: unknown, depth: number, budget: { items: number }): JsonRecord | null {
  if (!isPlainObject(raw) || depth > MICRODATA_LIMITS.depth || budget.items <= 0) return null;
  budget.items--;
  const types = own(raw, 'types');
  const props = own(raw, 'props');
  const node: JsonRecord = {};
  node['@type'] = Array.isArray(types)
    ? types
        .filter((t): t is string => typeof t === 'string')
        .slice(0, 5)
        .map(shortName)
    : [];
  if (!isPlainObject(props)) return node;
  for (const key of Object.keys(props).slice(0, MICRODATA_LIMITS.props)) {
    const name = shortName(key);
    // A property name is the page's: never let it reach the object's prototype.
    if (!name || name === '__proto__' || name === 'constructor' || name === 'prototype' || name.startsWith('@'))
      continue;
    const values = own(props, key);
    if (!Array.isArray(values)) continue;
    const converted: unknown[] = [];
    for (const value of values.slice(0, MICRODATA_LIMITS.values)) {
      if (typeof value === 'string') converted.push(value.slice(0, MICRODATA_LIMITS.chars));
      else {
        const item = convert(value, depth + 1, budget);
        if (item) converted.push(item);
      }
    }
    if (converted.length > 0) node[name] = converted.length === 1 ? converted[0] : converted;
  }
  return node;
}

/** The top-level microdata items as JSON-LD-like nodes, ready for findEventNodes. */
export function microdataToJsonLd(items: unknown): JsonRecord[] {
  if (!Array.isArray(items)) return [];
  const budget = { items: MICRODATA_LIMITS.items };
  return items
    .slice(0, MICRODATA_LIMITS.items)
    .map((item) => convert(item, 0, budget))
    .filter((node): node is JsonRecord => node !== null);
}
