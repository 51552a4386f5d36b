import { send } from '../browser/send.ts';
import { answerTab } from '../browser/tab-messages.ts';

/**
 * Answers the popup's "This page" while the frame has no text to scan (a page that is all
 * JSON-LD, an app shell not yet filled): no films here, so the popup goes on to the events the
 * page describes. Without an answer the popup reads silence as "Afterparty does not read this
 * page", although the site is on. Where the site is switched off it answers nothing either, as a
 * run stopped by the switch does.
 */
export function answerWithoutText(signal: AbortSignal): void {
  answerTab(
    'afterparty:pageFilms',
    async () => {
      const { disabled } = await send('getSiteSwitch', {});
      if (disabled) throw new Error('Afterparty is switched off on this site');
      return { filmKeys: [], surfaces: {} };
    },
    signal,
  );
}
