// Loopback servers for the e2e files' feeds and pages. `serveFolder` (scripts/browser.mjs) serves
// files that never change; a feed test needs a body it can change between two syncs, a page that
// names the server's own port, or a count of the requests a click made: routes do all three.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { serveFolder } from '../../scripts/browser.mjs';

/** A body, or a function read at each request, so that the next fetch sees what the test changed. */
export type RouteBody = string | (() => string);

/** Paths (`/feed.json`, `/parties/`) to their bodies; any other path is a 404. */
export type Routes = Readonly<Record<string, RouteBody>>;

export interface RouteOptions {
  /**
   * Serve over TLS with the test-only certificate of test/fixtures/tls (the browser must be told
   * to accept it: `--ignore-certificate-errors`).
   */
  tls?: boolean;
}

export interface ServedRoutes {
  /** `http://127.0.0.1:PORT` (https with `tls`), without a trailing slash. */
  base: string;
  /** `127.0.0.1:PORT`, for an address written without its scheme. */
  host: string;
  /** How many times `path` has been requested. */
  hits(path: string): number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.ics': 'text/calendar',
  '.html': 'text/html; charset=utf-8',
};

// A folder's address is its index page.
const typeOf = (path: string): string =>
  path.endsWith('/') ? TYPES['.html']! : (TYPES[extname(path)] ?? 'text/plain; charset=utf-8');

export async function serveRoutes(routes: Routes, { tls = false }: RouteOptions = {}): Promise<ServedRoutes> {
  const hits = new Map<string, number>();
  const listener: Parameters<typeof createHttpServer>[1] = (request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (route === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': typeOf(path) }).end(typeof route === 'function' ? route() : route);
  };
  const server: Server = tls
    ? createHttpsServer(
        {
          key: readFileSync('test/fixtures/tls/localhost-key.pem'),
          cert: readFileSync('test/fixtures/tls/localhost-cert.pem'),
        },
        listener,
      )
    : createHttpServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base: `${tls ? 'https' : 'http'}://${host}`,
    host,
    hits: (path) => hits.get(path) ?? 0,
    async close() {
      // A browser keeps its connections alive; without this, close() waits for them to time out.
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

/** Routes served for a test file's whole run; `served` is set once its first beforeAll has run. */
export function servingRoutes(routes: Routes, options: RouteOptions = {}): { readonly served: ServedRoutes } {
  const env = {} as { served: ServedRoutes };
  beforeAll(async () => {
    env.served = await serveRoutes(routes, options);
  });
  afterAll(async () => {
    await env.served?.close();
  });
  return env;
}

/** A folder served for a test file's whole run; `served.url` ends with a slash. */
export function servingFolder(folder: string): { readonly served: { url: string; close(): Promise<void> } } {
  const env = {} as { served: { url: string; close(): Promise<void> } };
  beforeAll(async () => {
    env.served = await serveFolder(folder);
  });
  afterAll(async () => {
    await env.served?.close();
  });
  return env;
}
