// Development and bench builds: the browser's own IndexedDB open on the worker's timeline
// (`afterparty:idb:open`, from the request to its success), apart from Dexie's open around it
// (`afterparty:db-open`), so a slow wake can be told the backend's cost from ours (issue 28).
import { measureSince, mark } from './dev-marks.ts';

const DEV = process.env.AFTERPARTY_MARKS !== 'off';

/** `factory`, its `open` requests measured in development and bench builds; the same factory otherwise. */
export function markedFactory(factory: IDBFactory): IDBFactory {
  if (!DEV) return factory;
  return {
    open(name: string, version?: number) {
      const start = performance.now();
      const request = version === undefined ? factory.open(name) : factory.open(name, version);
      request.addEventListener('upgradeneeded', () => mark('idb:upgradeneeded', { version }));
      request.addEventListener('blocked', () => mark('idb:blocked'));
      request.addEventListener('success', () => measureSince('idb:open', start));
      return request;
    },
    deleteDatabase: (name: string) => factory.deleteDatabase(name),
    cmp: (a: unknown, b: unknown) => factory.cmp(a, b),
    databases: () => factory.databases(),
  };
}
