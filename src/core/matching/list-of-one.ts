// A new one-item array, made by a builtin (slice) rather than a literal. V8 watches where each
// literal's arrays go, and once they outlive their first collections, as a built index's lists
// all do, it allocates that literal's arrays in the old space: a call into the runtime each,
// several times the cost of the builtin's inline allocation (bench/index-heap.ts).

const ONE: unknown[] = [undefined];

export function listOf<T>(item: T): T[] {
  const list = ONE.slice() as T[];
  list[0] = item;
  return list;
}
