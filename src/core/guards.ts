// Reading values that come from outside (messages, feeds, backups, pages, storage). Validators
// built on these return the typed value or a plain-words reason to refuse it; none throws.

export type JsonRecord = Record<string, unknown>;

/** A JSON object: not null, not a list. */
export function isPlainObject(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own properties only: `__proto__` or `constructor` in untrusted data is data, never a prototype. */
export function own(record: JsonRecord, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
