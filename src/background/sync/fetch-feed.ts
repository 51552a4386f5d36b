// One conditional GET of a feed, bounded in time and size. Never throws: every way a
// download can fail comes back as a reason in plain words.
import { t } from '../../browser/i18n.ts';

export interface FetchLimits {
  fetch: typeof fetch;
  /** Every request is aborted after this long, body included. */
  timeoutMs: number;
  maxBytes: number;
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type Download =
  | { status: 'not-modified' }
  | { status: 'ok'; text: string; contentType: string; etag: string | null; lastModified: string | null; url: string }
  | { status: 'failed'; error: string };

export const FEED_TIMEOUT_MS = 25_000;
export const FEED_MAX_BYTES = 20 * 1024 * 1024;

function httpError(status: number): string {
  if (status === 404 || status === 410) return t('sync_errorNotFound', status);
  if (status === 401 || status === 403) return t('sync_errorForbidden', status);
  if (status >= 500) return t('sync_errorServer', status);
  return t('sync_errorHttp', status);
}

const megabytes = (bytes: number) => String(Math.round(bytes / (1024 * 1024)));

export async function fetchFeed(url: string, validators: Validators, limits: FetchLimits): Promise<Download> {
  const controller = new AbortController();
  let timedOut = false;
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
      return {
        status: 'failed',
        error: timedOut ? t('sync_errorTimeout', Math.round(limits.timeoutMs / 1000)) : t('sync_errorUnreachable'),
      };
    }
    if (response.status === 304) return { status: 'not-modified' };
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return { status: 'failed', error: httpError(response.status) };
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limits.maxBytes) {
      void response.body?.cancel().catch(() => undefined);
      return { status: 'failed', error: t('sync_errorTooLarge', megabytes(limits.maxBytes)) };
    }
    const body = await readCapped(response, limits.maxBytes);
    if ('error' in body) {
      if (timedOut) return { status: 'failed', error: t('sync_errorTimeout', Math.round(limits.timeoutMs / 1000)) };
      return { status: 'failed', error: body.error };
    }
    // A body shorter than its Content-Length was cut off (only checkable when not compressed).
    if (Number.isFinite(declared) && !response.headers.get('content-encoding') && body.bytes < declared) {
      return { status: 'failed', error: t('sync_errorTruncated') };
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
): Promise<{ text: string; bytes: number } | { error: string }> {
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
        return { error: t('sync_errorTooLarge', megabytes(maxBytes)) };
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { error: t('sync_errorTruncated') };
  }
  return { text: text + decoder.decode(), bytes };
}
