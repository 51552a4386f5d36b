// The request part of a sync: one conditional GET of a feed, bounded in time and size. Never
// throws: every way a download can fail comes back as a reason code.
import type { FeedSyncState, SyncReason } from '../../db/index.ts';

export interface FetchLimits {
  fetch: typeof fetch;
  /** Every request is aborted after this long, body included. */
  timeoutMs: number;
  maxBytes: number;
  /** http://127.0.0.1 and http://localhost feeds: the --dev build only (tests and the demo serve there). */
  allowLoopbackHttp: boolean;
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type Download =
  | { status: 'not-modified' }
  | { status: 'ok'; text: string; contentType: string; etag: string | null; lastModified: string | null; url: string }
  | { status: 'failed'; reason: SyncReason };

export const FEED_TIMEOUT_MS = 25_000;
export const FEED_MAX_BYTES = 20 * 1024 * 1024;

/** For a feed not stored yet, and wherever a 304 would not do. */
export const NO_VALIDATORS: Readonly<Validators> = { etag: null, lastModified: null };

/**
 * The validators for a feed's next request. Only once something is stored: a 304 must never
 * stand for data we lack. Nor for an iCalendar feed whose events were tied to a film catalog
 * that has changed since (a feed added or updated): its unchanged body must be matched again.
 */
export function validatorsFor(state: FeedSyncState, catalogChanged: boolean): Readonly<Validators> {
  return state.contentHash && !catalogChanged ? { etag: state.etag, lastModified: state.lastModified } : NO_VALIDATORS;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A feed is read over https only: over plain http anyone on the network could serve a hostile
 * feed in its place. Loopback http is allowed in a --dev build, where tests serve feeds.
 */
export function isSecureFeedUrl(href: string, allowLoopbackHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

export async function fetchFeed(url: string, validators: Readonly<Validators>, limits: FetchLimits): Promise<Download> {
  if (!isSecureFeedUrl(url, limits.allowLoopbackHttp)) return { status: 'failed', reason: { code: 'insecure-url' } };
  const controller = new AbortController();
  let timedOut = false;
  const timeout: SyncReason = { code: 'timeout', seconds: Math.round(limits.timeoutMs / 1000) };
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  try {
    const headers: Record<string, string> = { accept: 'application/json, text/calendar;q=0.9, */*;q=0.1' };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    let response: Response;
    try {
      // no-store: the validators are ours, so a 304 reaches us instead of the HTTP cache's copy.
      response = await limits.fetch(url, {
        headers,
        signal: controller.signal,
        cache: 'no-store',
        credentials: 'omit',
        redirect: 'follow',
      });
    } catch {
      return { status: 'failed', reason: timedOut ? timeout : { code: 'unreachable' } };
    }
    // Redirects are followed (a moved feed), but only within the feed's own origin and never off
    // https: the user granted this origin, and a downgrade is a network attacker's way in.
    const final = response.url || url;
    if (
      final !== url &&
      (new URL(final).origin !== new URL(url).origin || !isSecureFeedUrl(final, limits.allowLoopbackHttp))
    ) {
      void response.body?.cancel().catch(() => undefined);
      return { status: 'failed', reason: { code: 'redirected', to: new URL(final).origin } };
    }
    if (response.status === 304) return { status: 'not-modified' };
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return { status: 'failed', reason: { code: 'http-status', status: response.status } };
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limits.maxBytes) {
      void response.body?.cancel().catch(() => undefined);
      return { status: 'failed', reason: { code: 'too-large', maxBytes: limits.maxBytes } };
    }
    const body = await readCapped(response, limits.maxBytes);
    if ('reason' in body) return { status: 'failed', reason: timedOut ? timeout : body.reason };
    // A body shorter than its Content-Length was cut off (only checkable when not compressed).
    if (Number.isFinite(declared) && !response.headers.get('content-encoding') && body.bytes < declared) {
      return { status: 'failed', reason: { code: 'truncated' } };
    }
    return {
      status: 'ok',
      text: body.text,
      contentType: response.headers.get('content-type') ?? '',
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
      url: response.url || url,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the body, counting bytes as they arrive: a missing or false Content-Length is no way around the cap. */
async function readCapped(
  response: Response,
  maxBytes: number,
): Promise<{ text: string; bytes: number } | { reason: SyncReason }> {
  const decoder = new TextDecoder('utf-8');
  if (!response.body) return { text: decoder.decode(new Uint8Array(await response.arrayBuffer())), bytes: 0 };
  const reader = response.body.getReader();
  let bytes = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        void reader.cancel().catch(() => undefined);
        return { reason: { code: 'too-large', maxBytes } };
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { reason: { code: 'truncated' } };
  }
  return { text: text + decoder.decode(), bytes };
}
