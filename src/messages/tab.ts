// The messages the extension sends to a tab's content script (tabs.sendMessage), declared like
// `Messages`: params and result per name. Only the extension can send to a tab, but the reply
// comes from a page's process, which a hostile page may have compromised: the sender checks it.
// Senders use `sendToTab` and the content script `answerTab` (src/browser/tab-messages.ts).
import { isPlainObject } from '../core/guards.ts';
import { noParams } from './spec.ts';

type NoParams = Record<string, never>;

/** The longest page text `afterparty:pageFilms` carries for a film; longer ones are left out. */
export const MAX_SURFACE_LENGTH = 200;

export interface TabMessages {
  /**
   * Popup "This page" → the top frame's content script: the films found on the page, and per
   * film the text the page named it by ("Young People F***ing"), the first one found.
   */
  'afterparty:pageFilms': { params: NoParams; result: { filmKeys: string[]; surfaces: Record<string, string> } };
  /** Background, on the "open card" shortcut → the tab: the card for the title at the selection or caret. */
  'afterparty:openCard': { params: NoParams; result: { opened: boolean } };
  /**
   * Background, with each data-revision bump → every frame of every tab: the user's data changed,
   * re-read what was cached. Content scripts cannot read storage.local, where the revision is.
   */
  'afterparty:dataChanged': { params: NoParams; result: { heard: boolean } };
}

export type TabMessageName = keyof TabMessages;
export type TabParams<N extends TabMessageName> = TabMessages[N]['params'];
export type TabResult<N extends TabMessageName> = TabMessages[N]['result'];

/** The typed params, or a reason to refuse the message: checked by the content script. */
type ParamCheck<N extends TabMessageName> = (params: unknown) => TabParams<N> | string;
/** The typed reply, or a reason to refuse it: checked by the sender. */
type ReplyCheck<N extends TabMessageName> = (reply: unknown) => TabResult<N> | string;

// Two maps, not one: the content script bundles only the params checks (its size is a budget),
// the extension pages and the background only the reply checks.
const paramChecks: { [N in TabMessageName]: ParamCheck<N> } = {
  'afterparty:pageFilms': noParams('afterparty:pageFilms'),
  'afterparty:openCard': noParams('afterparty:openCard'),
  'afterparty:dataChanged': noParams('afterparty:dataChanged'),
};

/**
 * Odd film keys are dropped, and so are surfaces that are not text, too long, or for a film not
 * in the list; more surfaces than films is not a reply this content script gives.
 */
function checkPageFilms(reply: unknown): TabResult<'afterparty:pageFilms'> | string {
  if (!isPlainObject(reply) || !Array.isArray(reply.filmKeys)) return 'afterparty:pageFilms: no film keys';
  const filmKeys = reply.filmKeys.filter((key): key is string => typeof key === 'string');
  if (!isPlainObject(reply.surfaces)) return 'afterparty:pageFilms: no surfaces';
  const entries = Object.entries(reply.surfaces);
  if (entries.length > filmKeys.length) return 'afterparty:pageFilms: more surfaces than films';
  const keys = new Set(filmKeys);
  const surfaces = Object.fromEntries(
    entries.filter(
      (entry): entry is [string, string] =>
        keys.has(entry[0]) && typeof entry[1] === 'string' && entry[1].length <= MAX_SURFACE_LENGTH,
    ),
  );
  return { filmKeys, surfaces };
}

const replyChecks: { [N in TabMessageName]: ReplyCheck<N> } = {
  'afterparty:pageFilms': checkPageFilms,
  'afterparty:openCard': (reply) =>
    isPlainObject(reply) && typeof reply.opened === 'boolean'
      ? { opened: reply.opened }
      : 'afterparty:openCard: no answer',
  'afterparty:dataChanged': (reply) =>
    isPlainObject(reply) && typeof reply.heard === 'boolean'
      ? { heard: reply.heard }
      : 'afterparty:dataChanged: no answer',
};

export function checkTabParams<N extends TabMessageName>(name: N, params: unknown): TabParams<N> | string {
  return (paramChecks[name] as ParamCheck<N>)(params);
}

export function checkTabReply<N extends TabMessageName>(name: N, reply: unknown): TabResult<N> | string {
  return (replyChecks[name] as ReplyCheck<N>)(reply);
}
