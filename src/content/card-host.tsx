import { render } from 'preact';
import { containsPoint, keepPlacement, placeCard, type Placement, type Rect } from '../core/place-card.ts';
import { Card, type CardProps } from '../ui/card/card.tsx';
import { CARD_STYLE } from '../ui/card/card-style.ts';
import { sameCard } from '../ui/card/same-card.ts';
import { CardGuard } from './card-guard.ts';
import { pageLooksDark } from './page-scheme.ts';
import { mark } from './perf-mark.ts';
import { IGNORE_ATTRIBUTE } from './text-extract.ts';

/** Inline and !important: a page stylesheet matching the host must not move, hide or fade it. */
const HOST_STYLE =
  'all: initial !important; position: fixed !important; top: 0 !important; left: 0 !important; z-index: 2147483647 !important; display: block !important;';

/** Events a page could forge at the card: dropped unless trusted; activations also go through CardGuard. */
const ACTIVATIONS = ['click', 'auxclick', 'dblclick'];
const INPUTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'keydown', 'keyup', 'focusin'];

/**
 * "Add to calendar" hands its file over by clicking a temporary `<a download>` with a blob: URL
 * (calendar-link.tsx), after the reader's own click passed the guard: the one untrusted event
 * let through. Page scripts cannot reach into the closed root to dispatch anything.
 */
function ownDownload(event: Event): boolean {
  const target = event.target as Element | null;
  return (
    event.type === 'click' &&
    target?.localName === 'a' &&
    target.hasAttribute('download') &&
    (target.getAttribute('href') ?? '').startsWith('blob:')
  );
}

/**
 * The hover card's home: one element on the page with a closed shadow root, so page
 * scripts can neither read nor restyle its content. It is attached only while a card is open.
 *
 * The host is a plain `div`. A custom-element name (ours was `afterparty-card`) can be defined
 * by the page first, and its constructor's `attachInternals()` then hands the page the
 * "closed" root through `ElementInternals.shadowRoot`; a built-in element cannot be upgraded.
 * The page still owns the DOM the host sits in: the card closes when anything but us changes
 * the host's attributes or moves it, and clicks inside count only as CardGuard allows.
 */
export class CardHost {
  #host!: HTMLElement;
  #root!: ShadowRoot;
  #mount!: HTMLElement;
  #guard!: CardGuard;
  /** The whole style attribute as we last wrote it: any other value is the page's doing. */
  #style = HOST_STYLE;
  /** Where the card was last drawn (left, top, width, height): a change re-arms the guard. */
  #drawn = '';
  #anchor: Rect | null = null;
  /** Where the card is now; null until it is placed by its title (on show, and as the page scrolls). */
  #placed: Placement | null = null;
  /** Where focus was before the card took it, to give it back on close. */
  #returnFocus: HTMLElement | null = null;
  /** The props of what the mount holds (prerendered or shown); null when it is empty. */
  #rendered: CardProps | null = null;
  readonly #watch: MutationObserver;

  constructor(
    private readonly doc: Document,
    /** Called when the card closes because the page tampered with its host. */
    private readonly onTampered: () => void = () => undefined,
  ) {
    this.#watch = new MutationObserver((records) => {
      const moved = records.some((r) => r.type === 'childList' && Array.from(r.removedNodes).includes(this.#host));
      if (this.#anchor && (moved || !this.#untouched())) this.#tampered();
    });
    this.#build();
  }

  #build(): void {
    this.#guard?.disconnect();
    this.#host = this.doc.createElement('div');
    this.#host.setAttribute(IGNORE_ATTRIBUTE, '');
    this.#style = HOST_STYLE;
    this.#host.setAttribute('style', this.#style);
    this.#root = this.#host.attachShadow({ mode: 'closed' });
    const style = this.doc.createElement('style');
    style.textContent = CARD_STYLE;
    this.#mount = this.doc.createElement('div');
    this.#root.append(style, this.#mount);
    this.#rendered = null;
    this.#guard = new CardGuard(this.#host);
    // Capturing at the root runs before the buttons' own listeners: a refused event stops here.
    for (const type of [...ACTIVATIONS, ...INPUTS])
      this.#root.addEventListener(type, (event) => this.#screen(event, ACTIVATIONS.includes(type)), true);
    this.#watch.disconnect();
    this.#watch.observe(this.#host, { attributes: true });
    this.#watch.observe(this.doc.documentElement, { childList: true });
  }

  #screen(event: Event, activation: boolean): void {
    if (ownDownload(event)) return;
    const verdict = activation ? this.#guard.check(event, event.timeStamp) : event.isTrusted ? 'allow' : 'refuse';
    if (verdict === 'allow') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (verdict === 'tampered') this.#tampered();
  }

  /** The host carries our two attributes, as we wrote them, and nothing else. */
  #untouched(): boolean {
    const host = this.#host;
    return (
      host.attributes.length === 2 &&
      host.getAttribute(IGNORE_ATTRIBUTE) === '' &&
      host.getAttribute('style') === this.#style
    );
  }

  #tampered(): void {
    this.close();
    this.onTampered();
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
    // A host the page has marked is not used again.
    if (!this.#untouched()) this.#build();
    this.#anchor = anchor;
    this.#placed = null;
    if (this.#host.parentNode !== this.doc.documentElement) {
      this.doc.documentElement.append(this.#host);
      this.#drawn = '';
      this.#guard.watch(this.#mount);
    }
    // A card opened afresh starts at its top, whatever the title shown before had scrolled to.
    // One prerendered during the hover delay with the same content is not drawn again (sameCard).
    this.#draw(props, 0, true);
    if (focus) {
      const active = this.doc.activeElement;
      this.#returnFocus = active instanceof HTMLElement && active !== this.doc.body ? active : null;
      // The body, which scrolls: the arrow and page keys then scroll the card, not the page under it.
      (this.#body() ?? (this.#mount.firstElementChild as HTMLElement | null))?.focus({ preventScroll: true });
    }
  }

  /**
   * Renders a card that is not shown yet, into the detached host: the next `show` with the same
   * props only attaches and places it. A card's first render cost 60-140 ms on the bench's
   * machine (time zones, strings, the components' first run), after the hover delay had ended.
   */
  prerender(props: CardProps): void {
    if (this.isOpen) return;
    if (!this.#untouched()) this.#build();
    this.#render(props);
  }

  /**
   * Draws new content in the open card (after Going or Remind me, or a change elsewhere) without
   * moving anything under the reader: the card keeps its place and its body its scroll, and
   * focus stays on the element that had it, which Preact keeps.
   */
  update(props: CardProps): void {
    if (!this.#anchor) return;
    this.#draw(props, this.#body()?.scrollTop ?? 0);
  }

  #draw(props: CardProps, scrolled: number, reuse = false): void {
    if (!reuse || !this.#rendered || !sameCard(this.#rendered, props)) this.#render(props);
    mark('card-drawn');
    const theme = props.settings?.theme ?? 'auto';
    const dark = theme === 'dark' || (theme === 'auto' && pageLooksDark(this.doc));
    this.#mount.firstElementChild?.classList.toggle('ap-dark', dark);
    mark('card-scheme');
    this.#place(scrolled);
    mark('card-placed');
  }

  #render(props: CardProps): void {
    render(<Card {...props} />, this.#mount);
    this.#rendered = props;
  }

  #body(): HTMLElement | null {
    return this.#mount.querySelector<HTMLElement>('.ap-card-body');
  }

  /** Follows the title when the page scrolls. */
  move(anchor: Rect): void {
    if (!this.#anchor) return;
    this.#anchor = anchor;
    this.#placed = null;
    this.#place(this.#body()?.scrollTop ?? 0);
  }

  /** Places the card beside its anchor; `scrolled` is its body's scroll, which placing the card resets. */
  #place(scrolled: number): void {
    const card = this.#mount.firstElementChild as HTMLElement | null;
    if (!card || !this.#anchor) return;
    const view = this.doc.defaultView;
    const viewport = { width: view?.innerWidth ?? 1024, height: view?.innerHeight ?? 768 };
    // Never over the title: the card is capped to the room on the side it goes to, and its body scrolls.
    card.style.removeProperty('--ap-room');
    const natural = card.getBoundingClientRect();
    const placed = this.#placed
      ? keepPlacement(this.#placed, this.#anchor, natural, viewport)
      : placeCard(this.#anchor, natural, viewport);
    this.#placed = placed;
    // The room left beside the title, under the stylesheet's own cap (card-style.ts).
    card.style.setProperty('--ap-room', `${placed.maxHeight}px`);
    const box = card.getBoundingClientRect();
    const { left, top } = placed;
    this.#style = `${HOST_STYLE} transform: translate(${Math.round(left)}px, ${Math.round(top)}px) !important;`;
    this.#host.setAttribute('style', this.#style);
    // Buttons that appear or move under the pointer are not clicked at once.
    const drawn = [left, top, box.width, box.height].map(Math.round).join();
    if (drawn !== this.#drawn) this.#guard.arm(performance.now());
    this.#drawn = drawn;
    const body = this.#body();
    if (body) body.scrollTop = scrolled;
  }

  contains(x: number, y: number): boolean {
    const card = this.#mount.firstElementChild;
    return this.isOpen && !!card && containsPoint(card.getBoundingClientRect(), x, y);
  }

  close(): void {
    const hadFocus = this.hasFocus;
    this.#anchor = null;
    this.#placed = null;
    render(null, this.#mount);
    this.#rendered = null;
    this.#host.remove();
    this.#watch.takeRecords(); // our own removal
    if (hadFocus && this.#returnFocus?.isConnected) this.#returnFocus.focus({ preventScroll: true });
    this.#returnFocus = null;
  }
}
