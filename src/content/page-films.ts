import { answerTab } from '../browser/tab-messages.ts';
import { MAX_SURFACE_LENGTH } from '../messages/tab.ts';
import type { FoundTitles } from './found-titles.ts';

/**
 * Answers the popup's "This page" (src/ui/popup/page-view.tsx) with the films found here and,
 * per film, the first text that named it (elements in the order they were scanned), so the
 * popup can head a film with the form the page used.
 */
export function answerPageFilms(found: FoundTitles, signal: AbortSignal): void {
  answerTab(
    'afterparty:pageFilms',
    () => {
      const surfaces = new Map<string, string>();
      for (const anchor of found.elements())
        for (const { filmIds, surface } of found.in(anchor))
          for (const id of filmIds)
            if (!surfaces.has(id) && surface.length <= MAX_SURFACE_LENGTH) surfaces.set(id, surface);
      return { filmKeys: [...found.filmIds()], surfaces: Object.fromEntries(surfaces) };
    },
    signal,
  );
}
