// `@id` references: site plugins emit an @graph where the event names its place, organizer and
// offers as {"@id": "…#place"} and the place is a node of its own. The event's values are
// replaced by the nodes they name, a few levels deep, with the walk bounded like the parser's.

import { isPlainObject, own, type JsonRecord } from '../guards.ts';
import { JSONLD_LIMITS } from './jsonld-parse.ts';

export type IdIndex = ReadonlyMap<string, JsonRecord>;

/** Every node with an @id and something more to say, the fullest kept when an id repeats. */
export function indexIds(roots: readonly unknown[]): IdIndex {
  const ids = new Map<string, JsonRecord>();
  const stack: Array<{ value: unknown; depth: number }> = roots.map((value) => ({ value, depth: 0 }));
  let nodes = JSONLD_LIMITS.nodes;
  while (stack.length > 0 && nodes-- > 0) {
    const { value, depth } = stack.pop()!;
    if (depth > JSONLD_LIMITS.depth) continue;
    const children = Array.isArray(value)
      ? value.slice(0, 500)
      : isPlainObject(value)
        ? Object.values(value).slice(0, 200)
        : [];
    if (isPlainObject(value)) {
      const id = own(value, '@id');
      const size = Object.keys(value).length;
      if (typeof id === 'string' && size > 1 && size > Object.keys(ids.get(id) ?? {}).length) ids.set(id, value);
    }
    for (const child of children)
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
  }
  return ids;
}

function isReference(value: unknown): value is JsonRecord {
  return isPlainObject(value) && typeof own(value, '@id') === 'string' && Object.keys(value).length === 1;
}

// Properties whose value is another node, so a bare string naming a node's @id means that node
// ("superEvent": "http://…/olympic-games"). Elsewhere a string stays a string: an event's `url`
// is often its own @id, and must stay a link.
const NODE_VALUED = new Set(['superEvent', 'subEvent', 'location', 'organizer', 'performer', 'workPresented']);

/** A copy of `node` whose bare references are replaced by the nodes they name, `depth` levels down. */
export function dereference(node: JsonRecord, ids: IdIndex, depth = 3): JsonRecord {
  if (ids.size === 0 || depth <= 0) return node;
  const copy: JsonRecord = {};
  for (const key of Object.keys(node).slice(0, 200)) {
    const byId = NODE_VALUED.has(key);
    const resolve = (value: unknown): unknown => {
      const id = isReference(value) ? (own(value, '@id') as string) : byId && typeof value === 'string' ? value : null;
      const target = id === null ? undefined : ids.get(id);
      if (target) return dereference(target, ids, depth - 1);
      return isPlainObject(value) ? dereference(value, ids, depth - 1) : value;
    };
    const value = node[key];
    // Defined as data, never assigned: a key may be "__proto__" in the page's JSON.
    Object.defineProperty(copy, key, {
      value: Array.isArray(value) ? value.slice(0, 50).map(resolve) : resolve(value),
      enumerable: true,
      writable: true,
    });
  }
  return copy;
}
