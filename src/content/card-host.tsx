import { render } from 'preact';
import { placeCard, containsPoint, type Rect } from '../core/place-card.ts';
import { Card, type CardProps } from '../ui/card/card.tsx';
import { CARD_STYLE } from '../ui/card/card-style.ts';
import { pageLooksDark } from './page-scheme.ts';
import { IGNORE_ATTRIBUTE } from './text-extract.ts';

/**
 * The hover card's home: one element on the page with a closed shadow root, so page
 * scripts can neither read nor restyle it. It is attached only while a card is open.
 */
export class CardHost {
  readonly #host: HTMLElement;
  readonly #root: ShadowRoot;
  readonly #mount: HTMLElement;
  #anchor: Rect | null = null;
  /** Where focus was before the card took it, to give it back on close. */
  #returnFocus: HTMLElement | null = null;

  constructor(private readonly doc: Document) {
    this.#host = doc.createElement('afterparty-card');
    this.#host.setAttribute(IGNORE_ATTRIBUTE, '');
    // Inline and !important: a page stylesheet matching our tag must not move or hide it.
    this.#host.style.cssText =
      'all: initial !important; position: fixed !important; top: 0 !important; left: 0 !important; z-index: 2147483647 !important; display: block !important;';
    this.#root = this.#host.attachShadow({ mode: 'closed' });
    const style = doc.createElement('style');
    style.textContent = CARD_STYLE;
    this.#mount = doc.createElement('div');
    this.#root.append(style, this.#mount);
  }

  get isOpen(): boolean {
    return this.#anchor !== null && this.#host.isConnected;
  }

  /** Focus is inside the card (it was opened from the keyboard, or the user tabbed in). */
  get hasFocus(): boolean {
    return this.isOpen && this.#root.activeElement !== null;
  }

  /**
   * Opens the card by its title. With `focus` (keyboard shortcut) the dialog takes focus and
   * gives it back on close; on hover it does not, so reading or typing on the page goes on.
   */
  show(anchor: Rect, props: CardProps, { focus = false } = {}): void {
    this.#anchor = anchor;
    if (!this.#host.isConnected) this.doc.documentElement.append(this.#host);
    this.update(props);
    if (focus) {
      const active = this.doc.activeElement;
      this.#returnFocus = active instanceof HTMLElement && active !== this.doc.body ? active : null;
      (this.#mount.firstElementChild as HTMLElement | null)?.focus({ preventScroll: true });
    }
  }

  update(props: CardProps): void {
    if (!this.#anchor) return;
    render(<Card {...props} />, this.#mount);
    const theme = props.settings?.theme ?? 'auto';
    const dark = theme === 'dark' || (theme === 'auto' && pageLooksDark(this.doc));
    this.#mount.firstElementChild?.classList.toggle('ap-dark', dark);
    this.#place();
  }

  /** Follows the title when the page scrolls. */
  move(anchor: Rect): void {
    if (!this.#anchor) return;
    this.#anchor = anchor;
    this.#place();
  }

  #place(): void {
    const card = this.#mount.firstElementChild as HTMLElement | null;
    if (!card || !this.#anchor) return;
    const view = this.doc.defaultView;
    const viewport = { width: view?.innerWidth ?? 1024, height: view?.innerHeight ?? 768 };
    // Never over the title: the card is capped to the room on the side it goes to, and scrolls inside.
    card.style.maxHeight = '';
    const natural = card.getBoundingClientRect();
    const side = placeCard(this.#anchor, natural, viewport).side;
    const room = side === 'below' ? viewport.height - this.#anchor.bottom - 14 : this.#anchor.top - 14;
    if (natural.height > room) card.style.maxHeight = `${Math.max(80, Math.floor(room))}px`;
    const { left, top } = placeCard(this.#anchor, card.getBoundingClientRect(), viewport);
    this.#host.style.setProperty('transform', `translate(${Math.round(left)}px, ${Math.round(top)}px)`, 'important');
  }

  contains(x: number, y: number): boolean {
    const card = this.#mount.firstElementChild;
    return this.isOpen && !!card && containsPoint(card.getBoundingClientRect(), x, y);
  }

  close(): void {
    const hadFocus = this.hasFocus;
    this.#anchor = null;
    render(null, this.#mount);
    this.#host.remove();
    if (hadFocus && this.#returnFocus?.isConnected) this.#returnFocus.focus({ preventScroll: true });
    this.#returnFocus = null;
  }
}
