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

/** How many values one page's dereferencing may copy in all, whatever its references do. */
export const DEREFERENCE_BUDGET = 100_000;

export interface Dereference {
  /** A copy of `node` whose bare references are replaced by the nodes they name, `depth` levels down. */
  (node: JsonRecord, depth?: number): JsonRecord;
  /** Values copied so far: the work done, which the budget bounds. */
  readonly work: number;
}

/**
 * One page's dereferencing. Each node is copied at most once per depth and the copies are
 * shared, and all of it draws on one budget: a node that names itself, or a festival whose
 * hundreds of events each name it back, would otherwise be copied (keys × values)^depth times
 * (5.6 KB of such JSON-LD froze the popup for 15 s). Past the budget a node is kept as written.
 */
export function dereferencer(ids: IdIndex, budget = DEREFERENCE_BUDGET): Dereference {
  const copies = new Map<JsonRecord, JsonRecord[]>();
  let work = 0;
  const copyOf = (node: JsonRecord, depth: number): JsonRecord => {
    if (ids.size === 0 || depth <= 0 || work >= budget) return node;
    const done = copies.get(node)?.[depth];
    if (done) return done;
    const copy: JsonRecord = {};
    const byDepth = copies.get(node) ?? [];
    byDepth[depth] = copy;
    copies.set(node, byDepth);
    for (const key of Object.keys(node).slice(0, 200)) {
      const byId = NODE_VALUED.has(key);
      const resolve = (value: unknown): unknown => {
        if (work >= budget) return value;
        work++;
        const id = isReference(value)
          ? (own(value, '@id') as string)
          : byId && typeof value === 'string'
            ? value
            : null;
        const target = id === null ? undefined : ids.get(id);
        if (target) return copyOf(target, depth - 1);
        return isPlainObject(value) ? copyOf(value, depth - 1) : value;
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
  };
  const dereference = (node: JsonRecord, depth = 3) => copyOf(node, depth);
  return Object.defineProperty(dereference, 'work', { get: () => work }) as Dereference;
}
