// The one map of every message between the parts. Senders use `send` (src/ui/send.ts),
// the background's handler object is typed against `Messages`, and every request is
// validated on receipt because content scripts share a process with untrusted pages.
import type { Festival, Film, FeedEvent } from './core/model.ts';
import type { TitleSource } from './core/matcher.ts';

/** A film as the extension knows it: ids are unique across feeds ("feedId/filmId"). */
export type FilmRow = Film & { key: string; feedId: string };
export type EventRow = FeedEvent & { key: string; feedId: string; filmKeys: string[] };
export type FestivalRow = Festival & { key: string; feedId: string };

export interface Listing {
  film: FilmRow;
  events: EventRow[];
}

export interface FeedStatus {
  id: string;
  title: string;
  builtIn: boolean;
  eventCount: number;
  filmCount: number;
  lastSync: string | null;
  lastError: string | null;
  problems: string[];
}

export interface Messages {
  /** Every film title and alias, for the content script's matcher. */
  getTitleIndex: { params: Record<string, never>; result: { films: TitleSource[] } };
  /** Events for the films found on a page, with their festivals for time zones. */
  getListings: {
    params: { filmKeys: string[] };
    result: { listings: Listing[]; festivals: FestivalRow[] };
  };
  /** Every event, for the popup's day-by-day schedule. */
  getSchedule: {
    params: Record<string, never>;
    result: { events: EventRow[]; films: FilmRow[]; festivals: FestivalRow[] };
  };
  getFeeds: { params: Record<string, never>; result: { feeds: FeedStatus[] } };
}

export type MessageName = keyof Messages;
export type Params<N extends MessageName> = Messages[N]['params'];
export type Result<N extends MessageName> = Messages[N]['result'];

export interface Request<N extends MessageName = MessageName> {
  type: N;
  params: Params<N>;
}

export type Reply<N extends MessageName = MessageName> = { result: Result<N> } | { error: string };

const MAX_FILM_KEYS = 5_000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmptyParams(params: unknown): boolean {
  return params === undefined || (isPlainObject(params) && Object.keys(params).length === 0);
}

const validators: { [N in MessageName]: (params: unknown) => Params<N> | string } = {
  getTitleIndex: (params) => (isEmptyParams(params) ? {} : 'getTitleIndex takes no parameters'),
  getSchedule: (params) => (isEmptyParams(params) ? {} : 'getSchedule takes no parameters'),
  getFeeds: (params) => (isEmptyParams(params) ? {} : 'getFeeds takes no parameters'),
  getListings: (params) => {
    if (!isPlainObject(params) || !Array.isArray(params.filmKeys)) {
      return 'getListings needs {filmKeys: string[]}';
    }
    const keys = params.filmKeys;
    if (keys.length > MAX_FILM_KEYS) return `getListings accepts at most ${MAX_FILM_KEYS} film keys`;
    if (!keys.every((key) => typeof key === 'string' && key.length <= 400)) {
      return 'getListings: every film key must be a short string';
    }
    return { filmKeys: keys as string[] };
  },
};

/** Checks a message received from anywhere; returns the typed request or a reason to refuse it. */
export function parseRequest(message: unknown): Request | string {
  if (!isPlainObject(message) || typeof message.type !== 'string') return 'not an Afterparty message';
  const type = message.type;
  if (!Object.hasOwn(validators, type)) return `unknown message type "${type.slice(0, 40)}"`;
  const name = type as MessageName;
  const params = validators[name](message.params);
  if (typeof params === 'string') return params;
  return { type: name, params };
}
