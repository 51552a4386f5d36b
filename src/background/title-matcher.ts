// The title matcher, built in the background once per data revision and shared by every frame
// of every tab: a frame that compiled its own spent hundreds of milliseconds and megabytes on a
// 10,000-film catalog before its first scan (docs/architecture.md, "Performance").
import { capTitles, compileMatcher, type Matcher, type TitleSource } from '../core/matching/index.ts';
import { liveFilms, type AfterpartyDb } from '../db/index.ts';

export interface TitleMatcherCache {
  /** The matcher over the live catalog, built on first use after a change. */
  get(): Promise<Matcher>;
  /** The catalog may have changed: the next `get` builds again. */
  forget(): void;
}

/** Every live title and alias, capped across feeds (the feeds left partly out say so, sync/title-cap.ts). */
export async function titleSources(db: AfterpartyDb): Promise<TitleSource[]> {
  return capTitles(await liveFilms(db)).kept.map((f) => ({
    id: f.key,
    title: f.title,
    aliases: f.aliases,
    year: f.year,
    directors: f.directors,
  }));
}

export function titleMatcherCache(db: AfterpartyDb, ready: () => Promise<void>): TitleMatcherCache {
  let built: Promise<Matcher> | null = null;
  return {
    get() {
      if (!built) {
        const building = ready().then(async () => compileMatcher(await titleSources(db)));
        built = building;
        // A failed build (storage unavailable) is tried again by the next request.
        building.catch(() => {
          if (built === building) built = null;
        });
      }
      return built;
    },
    forget() {
      built = null;
    },
  };
}
