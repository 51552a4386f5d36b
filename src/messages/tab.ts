// The messages the extension sends to a tab's content script (tabs.sendMessage), declared like
// `Messages`: params and result per name. Only the extension can send to a tab, but the reply
// comes from a page's process, which a hostile page may have compromised: the sender checks it.
// Senders use `sendToTab` and the content script `answerTab` (src/browser/tab-messages.ts).
import type { PageSnapshot } from '../core/page-events/index.ts';
import { isPlainObject } from '../core/guards.ts';
import { noParams } from './spec.ts';

type NoParams = Record<string, never>;

export interface TabMessages {
  /** Popup "This page" → the tab's content script: the page's JSON-LD texts and microdata items. */
  'afterparty:pageEvents': { params: NoParams; result: PageSnapshot };
  /** Popup "This page" → the top frame's content script: the films found on the page. */
  'afterparty:pageFilms': { params: NoParams; result: { filmKeys: string[] } };
  /** Background, on the "open card" shortcut → the tab: the card for the title at the selection or caret. */
  'afterparty:openCard': { params: NoParams; result: { opened: boolean } };
}

export type TabMessageName = keyof TabMessages;
export type TabParams<N extends TabMessageName> = TabMessages[N]['params'];
export type TabResult<N extends TabMessageName> = TabMessages[N]['result'];

export interface TabMessageSpec<P, R> {
  /** The typed params, or a reason to refuse the message (checked by the content script). */
  validate(params: unknown): P | string;
  /** The typed reply, or a reason to refuse it (checked by the sender). */
  validateResult(reply: unknown): R | string;
}

const specs: { [N in TabMessageName]: TabMessageSpec<TabParams<N>, TabResult<N>> } = {
  'afterparty:pageEvents': {
    validate: noParams('afterparty:pageEvents'),
    // Shape only: readPageEvents reads every field as untrusted, within its own bounds.
    validateResult: (reply) =>
      isPlainObject(reply) &&
      typeof reply.url === 'string' &&
      typeof reply.title === 'string' &&
      Array.isArray(reply.jsonLd) &&
      Array.isArray(reply.microdata)
        ? (reply as unknown as PageSnapshot)
        : 'afterparty:pageEvents: not a page snapshot',
  },
  'afterparty:pageFilms': {
    validate: noParams('afterparty:pageFilms'),
    validateResult: (reply) =>
      isPlainObject(reply) && Array.isArray(reply.filmKeys)
        ? { filmKeys: reply.filmKeys.filter((key): key is string => typeof key === 'string') }
        : 'afterparty:pageFilms: no film keys',
  },
  'afterparty:openCard': {
    validate: noParams('afterparty:openCard'),
    validateResult: (reply) =>
      isPlainObject(reply) && typeof reply.opened === 'boolean'
        ? { opened: reply.opened }
        : 'afterparty:openCard: no answer',
  },
};

export function tabSpecOf<N extends TabMessageName>(name: N): TabMessageSpec<TabParams<N>, TabResult<N>> {
  return specs[name];
}
