// storage.sync and storage.local for device-sync tests.
import type { StorageAreaApi } from '../../src/background/device-sync/device-sync.ts';

export /** A storage area kept in memory, copying values in and out as the browser's does (structured clone). */
function memoryArea(fail?: () => string | null): StorageAreaApi & { items: Record<string, unknown>; writes: number } {
  const area = {
    items: {} as Record<string, unknown>,
    writes: 0,
    async get(keys: null | string | string[]) {
      if (keys === null) return structuredClone(area.items);
      const wanted = typeof keys === 'string' ? [keys] : keys;
      return structuredClone(Object.fromEntries(wanted.filter((k) => k in area.items).map((k) => [k, area.items[k]])));
    },
    async set(items: Record<string, unknown>) {
      const refusal = fail?.();
      if (refusal) throw new Error(refusal);
      area.writes += 1;
      Object.assign(area.items, structuredClone(items));
    },
    async remove(keys: string | string[]) {
      area.writes += 1;
      for (const key of typeof keys === 'string' ? [keys] : keys) delete area.items[key];
    },
  };
  return area;
}
