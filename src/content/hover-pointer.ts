import { keyToHold, type Settings } from '../core/settings.ts';
import { isKey, keyHeldIn, type ModifierFlags } from './held-key.ts';
import type { FoundTitle } from './page-scan.ts';

/** How long the card stays once the pointer has left both the title and the card. */
export const CLOSE_DELAY_MS = 250;

interface Hit {
  title: FoundTitle;
  rect: DOMRect;
}

/** What the pointer logic reads and does; plain objects in tests, the card and the page's hit tester in the page. */
export interface HoverTarget {
  hits: { at(x: number, y: number): Hit | null };
  card: { readonly isOpen: boolean; readonly hasFocus: boolean; contains(x: number, y: number): boolean };
  settings(): Settings;
  /** The title of the card open now, if any. */
  shown(): FoundTitle | null;
  /** The pointer rests on a title: its card's content can be asked for. */
  prepare(title: FoundTitle): void;
  /** The pointer left every title: what was prepared is asked again next time. */
  forget(): void;
  open(title: FoundTitle, rect: DOMRect): void;
  close(): void;
  /** A clock with `performance.now()`'s origin, which events' `timeStamp` shares. */
  now?: () => number;
  /** One callback per animation frame: a burst of mousemoves costs one hit test. */
  frames?: { request(run: () => void): number; cancel(id: number): void };
}

/**
 * Opens the card after the hover delay on a title (with the modifier key, if the user chose
 * one), keeps it while the pointer is on the title or the card, closes it CLOSE_DELAY_MS after
 * the pointer leaves both and on Escape. The caller passes only trusted events: a page can
 * dispatch a mousemove at a title, not move the mouse.
 */
export class HoverPointer {
  #openTimer: ReturnType<typeof setTimeout> | undefined;
  #closeTimer: ReturnType<typeof setTimeout> | undefined;
  #frame = 0;
  #pointer = { x: -1, y: -1 };
  readonly #now: () => number;
  readonly #frames: NonNullable<HoverTarget['frames']>;

  constructor(private readonly target: HoverTarget) {
    this.#now = target.now ?? (() => performance.now());
    this.#frames = target.frames ?? {
      request: (run) => requestAnimationFrame(run),
      cancel: (id) => cancelAnimationFrame(id),
    };
  }

  /** A mousemove, looked at in the next frame. */
  moved(event: ModifierFlags & { clientX: number; clientY: number; timeStamp: number }): void {
    const { clientX: x, clientY: y } = event;
    this.#frames.cancel(this.#frame);
    this.#pointer = { x, y };
    const held = keyHeldIn(keyToHold(this.target.settings()), event);
    this.#frame = this.#frames.request(() => this.#at(x, y, held, event.timeStamp));
  }

  keyDown(event: { key: string }): void {
    const { card } = this.target;
    if (event.key === 'Escape' && card.isOpen) return this.target.close();
    // Pressing the chosen modifier while resting on a title opens its card.
    if (isKey(keyToHold(this.target.settings()), event) && !card.isOpen)
      this.#at(this.#pointer.x, this.#pointer.y, true, this.#now());
  }

  /** A card is being opened, from here or elsewhere (a touch, the keyboard shortcut): it is not to close on a timer. */
  keepOpen(): void {
    clearTimeout(this.#closeTimer);
  }

  /** The card closed: nothing is to open or close it later. */
  stop(): void {
    clearTimeout(this.#openTimer);
    clearTimeout(this.#closeTimer);
  }

  /** `since`: when the pointer came to rest there; the hover delay counts from then, not from the next frame. */
  #at(x: number, y: number, held: boolean, since: number): void {
    const { hits, card } = this.target;
    const hit = hits.at(x, y);
    const shown = this.target.shown();
    if (card.isOpen && shown) {
      const stay = card.contains(x, y) || hit?.title === shown;
      clearTimeout(this.#closeTimer);
      if (!stay && !card.hasFocus) this.#closeTimer = setTimeout(() => this.target.close(), CLOSE_DELAY_MS);
      if (!hit || hit.title === shown) return;
    }
    clearTimeout(this.#openTimer);
    if (!hit) this.target.forget();
    if (hit && held) {
      this.target.prepare(hit.title);
      const wait = Math.max(0, this.target.settings().hoverDelay - (this.#now() - since));
      this.#openTimer = setTimeout(() => this.target.open(hit.title, hit.rect), wait);
    }
  }
}
