import { answerTab } from '../browser/tab-messages.ts';
import type { FoundTitles } from './found-titles.ts';

/** Answers the popup's "This page" (src/ui/popup/page-view.tsx) with the films found here. */
export function answerPageFilms(found: FoundTitles, signal: AbortSignal): void {
  answerTab('afterparty:pageFilms', () => ({ filmKeys: [...found.filmIds()] }), signal);
}
