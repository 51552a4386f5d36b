import { render } from 'preact';
import { placeCard, containsPoint, type Rect } from '../core/place-card.ts';
import { Card, type CardProps } from '../ui/card.tsx';
import { CARD_STYLE } from '../ui/card-style.ts';
import { pageLooksDark } from './page-scheme.ts';
import { IGNORE_ATTRIBUTE } from './text-extract.ts';

/**
 * The hover card's home: one element on the page with a closed shadow root, so page
 * scripts can neither read nor restyle it. It is attached only while a card is open.
 */
export class CardHost {
  readonly #host: HTMLElement;
  readonly #mount: HTMLElement;
  #anchor: Rect | null = null;

  constructor(private readonly doc: Document) {
    this.#host = doc.createElement('afterparty-card');
    this.#host.setAttribute(IGNORE_ATTRIBUTE, '');
    // Inline and !important: a page stylesheet matching our tag must not move or hide it.
    this.#host.style.cssText =
      'all: initial !important; position: fixed !important; top: 0 !important; left: 0 !important; z-index: 2147483647 !important; display: block !important;';
    const root = this.#host.attachShadow({ mode: 'closed' });
    const style = doc.createElement('style');
    style.textContent = CARD_STYLE;
    this.#mount = doc.createElement('div');
    root.append(style, this.#mount);
  }

  get isOpen(): boolean {
    return this.#anchor !== null && this.#host.isConnected;
  }

  show(anchor: Rect, props: CardProps): void {
    this.#anchor = anchor;
    if (!this.#host.isConnected) this.doc.documentElement.append(this.#host);
    this.update(props);
  }

  update(props: CardProps): void {
    if (!this.#anchor) return;
    render(<Card {...props} />, this.#mount);
    this.#mount.firstElementChild?.classList.toggle('ap-dark', pageLooksDark(this.doc));
    this.#place();
  }

  #place(): void {
    const card = this.#mount.firstElementChild as HTMLElement | null;
    if (!card || !this.#anchor) return;
    const view = this.doc.defaultView;
    const size = card.getBoundingClientRect();
    const { left, top } = placeCard(this.#anchor, size, { width: view?.innerWidth ?? 1024, height: view?.innerHeight ?? 768 });
    this.#host.style.setProperty('transform', `translate(${Math.round(left)}px, ${Math.round(top)}px)`, 'important');
  }

  contains(x: number, y: number): boolean {
    const card = this.#mount.firstElementChild;
    return this.isOpen && !!card && containsPoint(card.getBoundingClientRect(), x, y);
  }

  close(): void {
    this.#anchor = null;
    render(null, this.#mount);
    this.#host.remove();
  }
}
