// Feed sync in real Chromium: the built extension (AFTERPARTY_DIST, else dist/; `npm run bench`
// builds it first) imports a 10,000-event feed served on 127.0.0.1 into IndexedDB through its
// service worker, then syncs the unchanged feed again: once from a server that answers the
// conditional request with 304, once from one that sends no validators (the body's hash is the
// same). Both must make one request and write no row; the report prints what they did.
// The import time is measured from the options page: request, download, parse and every
// IndexedDB transaction (a 10,000-event feed is staged in chunks of 2,000).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { launchWithExtension } from '../scripts/browser.mjs';

const EVENTS = 10_000;
const FILMS = 500;

function feedBody(): string {
  const films = Array.from({ length: FILMS }, (_, i) => ({
    id: `film-${i}`,
    title: `Benchmark Picture ${i}`,
    year: 2007,
    directors: [`Director ${i}`],
  }));
  const kinds = ['party', 'dinner', 'reception', 'screening', 'other'];
  const events = Array.from({ length: EVENTS }, (_, i) => ({
    id: `event-${i}`,
    kind: kinds[i % kinds.length],
    title: `Benchmark Picture ${i % FILMS} gathering ${i}`,
    films: [`film-${i % FILMS}`],
    festival: 'bench',
    start: `2007-09-${String(6 + (i % 10)).padStart(2, '0')}T${String(18 + (i % 6)).padStart(2, '0')}:00:00-04:00`,
    venue: { name: `Venue ${i % 40}`, address: `${i} Queen St W, Toronto` },
    host: i % 3 === 0 ? `Host ${i % 70}` : null,
    access: i % 2 === 0 ? 'invite' : 'rsvp',
    description: `Gathering number ${i} after the screening of Benchmark Picture ${i % FILMS}.`,
  }));
  return JSON.stringify({
    afterparty: 1,
    title: 'Benchmark listings',
    updated: '2007-09-16T12:00:00Z',
    festivals: [
      { id: 'bench', name: 'Benchmark Festival', timeZone: 'America/Toronto', start: '2007-09-06', end: '2007-09-15' },
    ],
    films,
    events,
  });
}

const BODY = feedBody();
const ETAG = '"bench-v1"';
const requests = new Map<string, number>();
let server: Server;
let base = '';
let context: BrowserContext;
let options: Page;
const importMs: number[] = [];
const report: string[] = [];

interface Outcome {
  feedId: string;
  status: string;
  requests: number;
  written: number;
}

async function ask<T>(type: string, params: object = {}): Promise<T> {
  const reply = (await options.evaluate(([t, p]) => chrome.runtime.sendMessage({ type: t, params: p }), [
    type,
    params,
  ] as const)) as { result?: T; error?: string };
  if (reply.error !== undefined) throw new Error(reply.error);
  return reply.result as T;
}

async function importFeed(path: string): Promise<{ id: string; ms: number; eventCount: number }> {
  const t0 = performance.now();
  const { feed } = await ask<{ feed: { id: string; eventCount: number } }>('addFeed', { url: `${base}${path}` });
  return { id: feed.id, ms: performance.now() - t0, eventCount: feed.eventCount };
}

async function secondSync(path: string, label: string): Promise<void> {
  const { id } = await importFeed(path);
  const before = requests.get(path) ?? 0;
  const t0 = performance.now();
  const { outcomes } = await ask<{ outcomes: Outcome[] }>('syncNow', { id });
  const ms = performance.now() - t0;
  const outcome = outcomes.find((o) => o.feedId === id);
  const served = (requests.get(path) ?? 0) - before;
  report.push(
    `second sync of the unchanged feed (${label}): ${outcome?.status}, requests made: ${outcome?.requests} (server saw ${served}), rows written: ${outcome?.written}, ${ms.toFixed(0)} ms`,
  );
  if (outcome?.requests !== 1 || served !== 1 || outcome.written !== 0)
    throw new Error(`an unchanged feed must cost one request and no write: ${report.at(-1)}`);
  await ask('removeFeed', { id });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (path.startsWith('/etag/')) {
      if (request.headers['if-none-match'] === ETAG) return response.writeHead(304, { etag: ETAG }).end();
      return response
        .writeHead(200, {
          'content-type': 'application/json',
          etag: ETAG,
          'last-modified': 'Sun, 16 Sep 2007 12:00:00 GMT',
        })
        .end(BODY);
    }
    if (path.startsWith('/plain/')) return response.writeHead(200, { 'content-type': 'application/json' }).end(BODY);
    response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ context } = await launchWithExtension({ extensionDir: join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome') }));
  const id = new URL(context.serviceWorkers()[0]?.url() ?? '').host;
  options = await context.newPage();
  await options.goto(`chrome-extension://${id}/options.html`);
  await ask('getFeeds');
  await secondSync('/etag/feed.json', '304 Not Modified');
  await secondSync('/plain/feed.json', 'no validators, same body');
}, 120_000);

afterAll(async () => {
  const sorted = [...importMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  console.log(
    [
      '',
      `Feed sync in Chromium (${(BODY.length / 1024 / 1024).toFixed(1)} MB JSON feed, ${EVENTS.toLocaleString('en')} events, ${FILMS} films):`,
      `import into IndexedDB (add feed: request, parse, staged write): median ${median.toFixed(0)} ms, best ${sorted[0]?.toFixed(0)} ms over ${sorted.length} runs`,
      ...report,
      '',
    ].join('\n'),
  );
  if (process.env.BENCH_JSON)
    console.log(JSON.stringify({ syncImportMs: { median, best: sorted[0] }, secondSync: report }));
  await context?.close();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
});

describe('feed sync in Chromium', () => {
  let run = 0;
  bench(
    `import a ${EVENTS.toLocaleString('en')}-event feed into IndexedDB`,
    async () => {
      run += 1;
      const path = `/plain/import-${run}.json`;
      const { id, ms, eventCount } = await importFeed(path);
      if (eventCount !== EVENTS) throw new Error(`imported ${eventCount} events, not ${EVENTS}`);
      importMs.push(ms);
      // Removed again so every run starts from the same database.
      await ask('removeFeed', { id });
    },
    { iterations: 5, warmupIterations: 1, time: 0, warmupTime: 0 },
  );
});
