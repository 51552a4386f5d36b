// A real HTTP server on 127.0.0.1 whose answer each test sets: the sync engine is tested
// against real sockets, not a fetch stub.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface FeedServer {
  url: (path?: string) => string;
  /** Sets how `path` is answered. */
  on(path: string, route: Route): void;
  /** Requests received, by path, with their conditional headers. */
  requests: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string }>;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Route>();
  const requests: FeedServer['requests'] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push({
      path,
      ifNoneMatch: request.headers['if-none-match'] as string | undefined,
      ifModifiedSince: request.headers['if-modified-since'] as string | undefined,
    });
    const route = routes.get(path);
    if (route) route(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/feed.json') => `http://127.0.0.1:${port}${path}`,
    on: (path, route) => void routes.set(path, route),
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Serves a body with an ETag and Last-Modified, answering 304 to a matching If-None-Match. */
export function conditional(body: () => string, type = 'application/json'): Route {
  return (request, response) => {
    const text = body();
    const etag = `"${Buffer.from(text).length}-${[...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': type, etag, 'last-modified': 'Sat, 06 Sep 2007 12:00:00 GMT' }).end(text);
  };
}
