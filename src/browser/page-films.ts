// The popup's "This page" asks the active tab's content script which films it found. The
// message goes tab-wards (tabs.sendMessage), so only the extension can send it.
import { answerTabMessage } from './tab-messages.ts';
import { ext } from './ext.ts';

export const PAGE_FILMS_REQUEST = 'afterparty:pageFilms';
/** Sent by the popup to the current tab's content script, answered with a PageSnapshot. */
export const PAGE_EVENTS_REQUEST = 'afterparty:pageEvents';
/** Sent by the background to the active tab when the user presses the "open card" shortcut. */
export const OPEN_CARD_REQUEST = 'afterparty:openCard';
export const OPEN_CARD_COMMAND = 'open-card';

/** Content-script side: answers with the keys of the films currently underlined on the page. */
export function installPageFilms(filmKeys: () => Iterable<string>, signal: AbortSignal): void {
  answerTabMessage(PAGE_FILMS_REQUEST, () => ({ filmKeys: [...new Set(filmKeys())] }), signal);
}

/**
 * The tab the popup describes: the active tab of its window (no "tabs" permission needed for
 * the id), or `?tab=ID` when the popup page is opened in a tab of its own (tests, screenshots).
 */
export async function targetTabId(): Promise<number | null> {
  return (await targetTab())?.id ?? null;
}

export async function targetTab(): Promise<{ id?: number; url?: string } | undefined> {
  const forced = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(forced) && forced > 0) return ext.tabs.get(forced);
  const [tab] = await ext.tabs.query({ active: true, currentWindow: true });
  return tab;
}

/** The film keys found in the tab's top frame; null when no Afterparty content script runs there. */
export async function askPageFilms(tabId: number): Promise<string[] | null> {
  try {
    const reply = (await ext.tabs.sendMessage(tabId, { type: PAGE_FILMS_REQUEST }, { frameId: 0 })) as
      { filmKeys?: unknown } | undefined;
    return Array.isArray(reply?.filmKeys) ? reply.filmKeys.filter((k): k is string => typeof k === 'string') : null;
  } catch {
    return null;
  }
}
