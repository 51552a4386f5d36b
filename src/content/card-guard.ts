// Clickjacking: the card's host sits in the page's DOM, so the page can make it invisible or
// lay a decoy over it and have the reader click a button they cannot see. A click in the card
// counts only when it is trusted, comes some time after the card appeared or moved, and the
// card is drawn as we drew it (see CardGuard.allows).

/**
 * Clicks and keys are ignored this long after the card appears or moves: a click meant for the
 * page as the card pops up under the pointer is not a choice made in the card.
 */
export const ACTIVATION_DELAY_MS = 300;

/** The only transforms we set on the host: none, or a translation. */
const TRANSLATION = /^(none|matrix\(1, 0, 0, 1, [-\d.e]+, [-\d.e]+\))$/;

/** Something in this computed style can hide, fade, distort or cut what is drawn. */
function obscures(style: CSSStyleDeclaration): boolean {
  const maskImage = style.getPropertyValue('mask-image');
  const zoom = style.getPropertyValue('zoom');
  return (
    style.opacity !== '1' ||
    style.visibility !== 'visible' ||
    style.filter !== 'none' ||
    style.getPropertyValue('clip-path') !== 'none' ||
    (maskImage !== '' && maskImage !== 'none') ||
    style.getPropertyValue('mix-blend-mode') !== 'normal' ||
    (zoom !== '' && zoom !== '1') ||
    !TRANSLATION.test(style.transform)
  );
}

/** Generated content on the host (::before/::after from a page style sheet) could cover the card. */
function decorated(view: Window, host: Element): boolean {
  return ['::before', '::after'].some((pseudo) => {
    const content = view.getComputedStyle(host, pseudo).content;
    return content !== 'none' && content !== 'normal' && content !== '';
  });
}

/**
 * The host and the root element it hangs from are drawn as we left them. Our inline
 * `all: initial !important` already beats any page style sheet; this catches what a page can
 * still do: style the root element, or give the host generated content.
 */
export function drawnAsOurs(host: HTMLElement): boolean {
  const view = host.ownerDocument.defaultView;
  const root = host.ownerDocument.documentElement;
  if (!view || host.parentNode !== root) return false;
  const style = view.getComputedStyle(host);
  if (style.display !== 'block' || style.position !== 'fixed' || obscures(style)) return false;
  return !obscures(view.getComputedStyle(root)) && !decorated(view, host);
}

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

/**
 * Chromium's IntersectionObserver v2 (`trackVisibility`) says whether anything is drawn over
 * an element or changes how it looks, including overlays that let clicks through
 * (`pointer-events: none`), which no hit test sees. Elsewhere (Firefox) it is missing, and
 * `visible` stays undefined.
 */
export class VisibilityWatch {
  readonly #observer: IntersectionObserver | null = null;
  /** The last verdict; null until the first one after `watch`. */
  #visible: boolean | null = null;

  constructor() {
    if (typeof IntersectionObserverEntry === 'undefined' || !('isVisible' in IntersectionObserverEntry.prototype))
      return;
    this.#observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1) as VisibilityEntry | undefined;
        if (last) this.#visible = last.isVisible === true;
      },
      { trackVisibility: true, delay: 100 } as IntersectionObserverInit,
    );
  }

  /** Starts over on `target` (observing again forces a fresh first verdict). */
  watch(target: Element): void {
    if (!this.#observer) return;
    this.#visible = null;
    this.#observer.unobserve(target);
    this.#observer.observe(target);
  }

  /** False while something covers or alters the target, or before the first verdict; undefined where unsupported. */
  get visible(): boolean | undefined {
    return this.#observer ? this.#visible === true : undefined;
  }

  disconnect(): void {
    this.#observer?.disconnect();
  }
}

/** What to do with a click in the card: let it through, drop it, or drop it and close the card. */
export type Verdict = 'allow' | 'refuse' | 'tampered';

/** Decides whether an activation inside the card is the reader's own, meant for the card. */
export class CardGuard {
  #armedAt = Infinity;
  readonly #visibility = new VisibilityWatch();

  constructor(
    private readonly host: HTMLElement,
    /** Tests pass their own: happy-dom computes no opacity, filter or clip-path. */
    private readonly drawn: (host: HTMLElement) => boolean = drawnAsOurs,
  ) {}

  /** The card appeared or moved at `now`: activation waits ACTIVATION_DELAY_MS from here. */
  arm(now: number): void {
    this.#armedAt = now + ACTIVATION_DELAY_MS;
  }

  /** Tracks whether `target` (the card) is drawn unobscured, where the browser can tell. */
  watch(target: Element): void {
    this.#visibility.watch(target);
  }

  /**
   * `at` is when the reader acted: the event's own timeStamp (same clock as performance.now()),
   * so a click that waited in a busy page's queue is judged by when it was made.
   */
  check(event: Event, at: number): Verdict {
    if (!event.isTrusted) return 'refuse';
    if (!this.drawn(this.host)) return 'tampered';
    return at >= this.#armedAt && this.#visibility.visible !== false ? 'allow' : 'refuse';
  }

  disconnect(): void {
    this.#visibility.disconnect();
  }
}
