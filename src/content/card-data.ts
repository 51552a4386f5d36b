import type { FestivalRow, Listing, SaveStatus } from '../core/rows.ts';
import type { ReminderView } from '../core/plan/index.ts';
import type { CardClashes, Result } from '../messages/index.ts';
import { send } from '../browser/send.ts';
import type { FoundTitle } from './page-scan.ts';
import { mark } from './perf-mark.ts';

export interface ListingSource {
  /** Listings already fetched, or a request for them. */
  get(filmIds: string[]): Promise<{ listings: Listing[]; festivals: FestivalRow[] }>;
  /**
   * Holds the page's prefetch (no further chunk asked) while a card is on its way: at 100,000
   * films the review's prefetch (23 chunks) was still running when the bench's card was shown,
   * and its worker, IndexedDB and the card's task shared the 2 cores (CDP traces: the worker ran
   * 8-16 ms of CPU inside a card's 27-35 ms task of 15.5-18 ms thread time; without it, 16 / 14).
   */
  hold?(on: boolean): void;
}

/** A title's listings, and the plan's statuses of their events (null when they could not be read). */
export interface CardContent {
  listings: Listing[];
  festivals: FestivalRow[];
  status: Result<'getSavedStatus'> | null;
}

const fetchSaved = (shown: Listing[]) =>
  send('getSavedStatus', { eventKeys: shown.flatMap((l) => l.events.map((e) => e.key)) }).catch(() => null);

/**
 * What the card shows besides the page's title: the listings of its films and whether each
 * event is saved or has a reminder. What a card needs is asked for as soon as the pointer rests
 * on its title, so it is at hand when the hover delay ends rather than one round trip to the
 * worker later; `onPrepared` hears it come in, to draw the card unseen meanwhile.
 */
export class CardData {
  saved = new Map<string, SaveStatus>();
  reminders = new Map<string, ReminderView>();
  /** The shown events that overlap an event you are going to. */
  clashes = new Map<string, CardClashes>();
  /** The card's keyboard shortcut, as the worker read it from the browser. */
  shortcut: string | null = null;
  #prepared: { title: FoundTitle; ready: Promise<CardContent> } | null = null;
  #applied: CardContent['status'] = null;

  constructor(
    private readonly listings: ListingSource,
    private readonly onPrepared: (title: FoundTitle, content: CardContent) => void,
  ) {}

  /** Something is being prepared, to be shown next. */
  get preparing(): boolean {
    return this.#prepared !== null;
  }

  prepare(title: FoundTitle): Promise<CardContent> {
    if (this.#prepared?.title !== title) {
      const entry = { title, ready: this.#read(title) };
      this.#prepared = entry;
      entry.ready.then(
        (content) => this.#prepared === entry && this.onPrepared(title, content),
        () => undefined,
      );
    }
    return this.#prepared.ready;
  }

  /** The title's content for a card being opened; used once, since statuses change when the user saves. */
  async take(title: FoundTitle): Promise<CardContent> {
    const ready = this.prepare(title);
    this.#prepared = null;
    const content = await ready;
    this.apply(content.status);
    return content;
  }

  /** Asked again next time, in case a save changed the statuses. */
  forget(): void {
    this.#prepared = null;
  }

  /**
   * Takes a status read from the worker. The same status again (the prepared card's, on show)
   * leaves the maps as they are, so the card drawn with them is not drawn again.
   */
  apply(status: CardContent['status']): void {
    if (!status || status === this.#applied) return;
    this.#applied = status;
    this.saved = new Map(Object.entries(status.saved));
    this.reminders = new Map(Object.entries(status.reminders));
    this.clashes = new Map(Object.entries(status.clashes));
    this.shortcut = status.shortcut;
  }

  /** Reads the statuses of these listings' events again. */
  reload(shown: Listing[]): Promise<void> {
    return fetchSaved(shown).then((status) => this.apply(status));
  }

  // The marks (bench and development builds) time a card's two requests (bench/chromium.bench.ts).
  #read(title: FoundTitle): Promise<CardContent> {
    mark('card-asked');
    return this.listings.get(title.filmIds).then(async (answer) => {
      mark('card-listings');
      const status = await fetchSaved(answer.listings);
      mark('card-ready');
      return { ...answer, status };
    });
  }
}
