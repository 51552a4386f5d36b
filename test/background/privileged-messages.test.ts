// Generated from the message specs, so a message added later is covered without editing this
// file: a privileged message sent from a content script (extensionPage: false) never reaches
// its handler, whatever its params; from our own pages it does.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { MESSAGE_NAMES, specOf, type MessageName } from '../../src/messages/index.ts';

const PRIVILEGED = MESSAGE_NAMES.filter((name) => specOf(name).privileged);
const OPEN = MESSAGE_NAMES.filter((name) => !specOf(name).privileged);

/**
 * Messages that change stored data yet are accepted from content scripts, each with the
 * reason it was judged safe. Anything else named like a write must be privileged.
 */
const CONTENT_SCRIPT_WRITES: Partial<Record<MessageName, string>> = {
  setSaved: 'the card saves an event; the handler only accepts events that exist, so a page can at most tick a box',
  setReminder:
    '"Remind me" in the card; only on a saved event of a listed film, so a page can at most ring a bell the card shows',
  addCorrection:
    '"not this film" from the card; the site is taken from the sender and "everywhere" is refused, so a page can only correct itself',
};
/**
 * Every message a content script may send, with what confines it. A compromised page process
 * can send these with any params, so each answers only what the card needs: anything not
 * listed here (a message added later included) must be privileged.
 */
const CONTENT_SCRIPT_MESSAGES: Partial<Record<MessageName, string>> = {
  findTitles:
    'the titles found in text the page sends: what the page shows anyway, checked against the catalog; at most 1,000,000 characters a request',
  beginScan:
    "findTitles for a frame's first batch, with the sender frame's own site switch (nothing matched when off), the display settings and its site's corrections",
  getListings: 'the events of films by key; a page can claim to have found any film, so the bound is the listings',
  getSettings: 'the display settings the card and the underline follow; nothing private',
  getSiteSwitch: "whether the sender frame's own site is switched off, from the sender's URL, not params",
  getSavedStatus: 'statuses of events of listed films only; own events of no film and gone events stay hidden',
  exportCalendar: 'the card\'s "Add to calendar"; events of listed films only, the rest counted as missing',
  openAddEvent: 'opens the add-event form for a listed film, at most one tab a second; writes nothing',
  wake: "the top frame's document_start wake (src/content-wake/): no params, reads and writes nothing, answers {}",
  ...CONTENT_SCRIPT_WRITES,
};

/**
 * The messages the content scripts' code sends: every file of src/content and src/content-wake
 * (the top frame's wake) and every file they import, the card and the parts of ui/shared it
 * uses (read from the source, so a new one is seen). ui/shared also holds components only
 * extension pages mount, which may send privileged messages.
 */
function sentByContentScripts(): string[] {
  const names = new Set<string>();
  const files = ['src/content', 'src/content-wake'].flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => resolve(folder, file)),
  );
  const seen = new Set(files);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(/\bsend\(\s*'(\w+)'/g)) names.add(name!);
    for (const [, specifier] of text.matchAll(
      /^\s*(?:import|export)\b(?!\s+type\b)[^'";]*?['"](\.{1,2}\/[^'"]+)['"]/gm,
    )) {
      const target = resolve(dirname(file), specifier!);
      if (/\.tsx?$/.test(target) && !seen.has(target)) {
        seen.add(target);
        files.push(target);
      }
    }
  }
  return [...names].sort();
}

const WRITE_VERB =
  /^(?:add|set|update|delete|remove|clear|restore|import|reset|sync|refresh|subscribe|unsubscribe|save|put|write|grant|revoke|register|unregister)[A-Z]/;

/** Handlers that record every call and answer nothing of interest. */
function spyHandlers(): { handlers: Handlers; calls: string[] } {
  const calls: string[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: (_target, name) => async () => {
      calls.push(String(name));
      return {};
    },
  });
  return { handlers, calls };
}

// Shapes close to what the real messages take, so that some pass validation and the privilege
// check itself (not only validation) is what refuses them.
const PLAUSIBLE_PARAMS: unknown[] = [
  undefined,
  {},
  { url: 'https://example.com/feed.json' },
  { url: 'https://example.com/', tabId: 1 },
  { url: 'https://example.com/', disabled: true },
  { feedId: 'feed-1' },
  { id: 'feed-1' },
  { id: 'feed-1', enabled: true },
  { key: 'user/1' },
  { patch: {} },
  { backup: {} },
  { event: {} },
  { text: 'BEGIN:VCALENDAR' },
  { snapshot: { url: 'https://example.com/', title: 'Events', jsonLd: [], microdata: [] } },
  { method: 'CANCEL', events: [{ title: 'Dinner', invitation: { uid: 'dinner@example.org', sequence: 1 } }] },
];

describe('privileged messages', () => {
  it('exist, so the properties below are about something', () => {
    expect(PRIVILEGED.length).toBeGreaterThan(0);
  });

  it.each(PRIVILEGED)('%s from a content script never reaches its handler, whatever the params', async (name) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...PLAUSIBLE_PARAMS), fc.anything()), async (params) => {
        const { handlers, calls } = spyHandlers();
        const reply = await route(
          handlers,
          { type: name, params },
          { extensionPage: false, pageUrl: 'https://evil.example/' },
        );
        expect(calls).toEqual([]);
        expect('error' in reply).toBe(true);
        if (typeof specOf(name).validate(params) !== 'string') {
          expect(reply).toEqual({ error: `${name} is accepted only from Afterparty's own pages` });
        }
      }),
      { numRuns: 200 },
    );
  });

  it.each(PRIVILEGED)('%s with valid params from our own pages reaches its handler', async (name) => {
    const valid = PLAUSIBLE_PARAMS.find((params) => typeof specOf(name).validate(params) !== 'string');
    const { handlers, calls } = spyHandlers();
    // A privileged message none of the plausible shapes fit is still covered by the refusal
    // property above; here it must at least be refused for its params, not for its sender.
    const reply = await route(handlers, { type: name, params: valid }, { extensionPage: true });
    if (valid === undefined) {
      expect(reply).not.toEqual({ error: `${name} is accepted only from Afterparty's own pages` });
    } else {
      expect(calls).toEqual([name]);
      expect(reply).toEqual({ result: {} });
    }
  });

  it('includes every message named like a write, except the reviewed content-script writes', () => {
    const unreviewed = OPEN.filter((name) => WRITE_VERB.test(name) && !(name in CONTENT_SCRIPT_WRITES));
    expect(unreviewed).toEqual([]);
    for (const [name, reason] of Object.entries(CONTENT_SCRIPT_WRITES)) {
      expect(MESSAGE_NAMES, `${name} is in CONTENT_SCRIPT_WRITES but no longer exists`).toContain(name);
      expect(
        specOf(name as MessageName).privileged,
        `${name} is privileged now; drop it from CONTENT_SCRIPT_WRITES`,
      ).toBeFalsy();
      expect(reason.length).toBeGreaterThan(20);
    }
  });
});

describe('what content scripts may send', () => {
  it('is exactly the reviewed list: every other message is privileged', () => {
    expect([...OPEN].sort()).toEqual(Object.keys(CONTENT_SCRIPT_MESSAGES).sort());
  });

  it('covers every message the content script and the card send, so the card keeps working', () => {
    const sent = sentByContentScripts();
    // Positive control: the reader finds the card's messages at all.
    expect(sent).toEqual(
      expect.arrayContaining(['getListings', 'getSavedStatus', 'setSaved', 'getSiteSwitch', 'wake']),
    );
    expect(sent.filter((name) => !(name in CONTENT_SCRIPT_MESSAGES))).toEqual([]);
  });

  it.each([
    'getSchedule',
    'getEventCatalog',
    'searchFilms',
    'getFilmTitles',
    'getFeeds',
    'getSyncStatus',
    'getPlan',
    'getUserEvents',
    'getSites',
    'getSiteStatus',
  ])('%s, which gives away what a page must not read, is privileged', (name) => {
    expect(MESSAGE_NAMES).toContain(name);
    expect(specOf(name as MessageName).privileged).toBe(true);
  });
});

describe('open messages', () => {
  it.each(OPEN.filter((name) => typeof specOf(name).validate({}) !== 'string'))(
    '%s from a content script reaches its handler',
    async (name) => {
      const { handlers, calls } = spyHandlers();
      const reply = await route(
        handlers,
        { type: name, params: {} },
        { extensionPage: false, pageUrl: 'https://example.com/' },
      );
      expect(calls).toEqual([name]);
      expect(reply).toEqual({ result: {} });
    },
  );
});
