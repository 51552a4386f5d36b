import type { AfterpartyDb } from '../../src/db/database.ts';

/**
 * The films' rows read, table by table, below Dexie (its DBCore): by key (`get`, `getMany`) and
 * by range with their values (a `query` or a cursor that gives the rows); a read of index keys
 * alone (the title index's walk) is counted apart, as `keys:<table>`. Opened again, since Dexie
 * builds its middleware stacks when it opens.
 */
export async function countRowReads(db: AfterpartyDb): Promise<Map<string, number>> {
  db.close();
  const reads = new Map<string, number>();
  const add = (what: string, n = 1) => reads.set(what, (reads.get(what) ?? 0) + n);
  db.use({
    stack: 'dbcore',
    name: 'count-row-reads',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          count(request) {
            add(`count:${name}`);
            return table.count(request);
          },
          get(request) {
            add(`rows:${name}`);
            return table.get(request);
          },
          getMany(request) {
            add(`rows:${name}`, request.keys.length);
            return table.getMany(request);
          },
          async query(request) {
            const answer = await table.query(request);
            add(request.values ? `rows:${name}` : `keys:${name}`, answer.result.length);
            return answer;
          },
          async openCursor(request) {
            const what = request.values ? `rows:${name}` : `keys:${name}`;
            const cursor = await table.openCursor(request);
            if (!cursor) return cursor;
            // Every row the cursor stands on is one read.
            return Object.create(cursor, {
              start: {
                value: (onNext: () => void) =>
                  cursor.start(() => {
                    add(what);
                    onNext();
                  }),
              },
            });
          },
        };
      },
    }),
  });
  await db.open();
  return reads;
}
