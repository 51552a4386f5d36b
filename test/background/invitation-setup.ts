// The router over a fresh database with the default feed, for the invitation tests.
import { readFileSync } from 'node:fs';
import { loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import type { Messages } from '../../src/messages/index.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from './with-titles.ts';

export const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/invitations/${name}`, import.meta.url), 'utf8');
export const FILM = 'default/happy-go-lucky';

export function setup() {
  const db = freshDb();
  const handlers = createHandlers(
    withTitles({
      db,
      ready: async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db))),
    }),
  );
  async function call<K extends keyof Messages>(
    type: K,
    params: Messages[K]['params'],
  ): Promise<Messages[K]['result']> {
    const reply = await route(handlers, { type, params }, { extensionPage: true });
    if ('error' in reply) throw new Error(reply.error);
    return reply.result as Messages[K]['result'];
  }
  /** Reads the file, then saves every event as reviewed. */
  async function importFile(name: string) {
    return importText(fixture(name));
  }
  async function importText(text: string) {
    const preview = await call('previewInvitation', { text });
    const { results } = await call('importInvitation', {
      method: preview.method,
      events: preview.items.map((item) => item.event),
    });
    return { preview, results };
  }
  const own = async () => (await call('getUserEvents', {})).events;
  return { call, importFile, importText, own };
}
