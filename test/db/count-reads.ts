import type { AfterpartyDb } from '../../src/db/database.ts';

/**
 * Keys read by `get`/`bulkGet` per table, counted below Dexie (its DBCore), on a real database;
 * opened again, since Dexie builds its middleware stacks when it opens.
 */
export async function countReads(db: AfterpartyDb): Promise<Map<string, number>> {
  db.close();
  const reads = new Map<string, number>();
  db.use({
    stack: 'dbcore',
    name: 'count-reads',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          getMany(request) {
            reads.set(name, (reads.get(name) ?? 0) + request.keys.length);
            return table.getMany(request);
          },
          get(request) {
            reads.set(name, (reads.get(name) ?? 0) + 1);
            return table.get(request);
          },
          // A range read (getAll, a cursor): counted apart, as `query:<table>`.
          query(request) {
            reads.set(`query:${name}`, (reads.get(`query:${name}`) ?? 0) + 1);
            return table.query(request);
          },
          openCursor(request) {
            reads.set(`query:${name}`, (reads.get(`query:${name}`) ?? 0) + 1);
            return table.openCursor(request);
          },
        };
      },
    }),
  });
  await db.open();
  return reads;
}
