// Touch, where there is no hover: a tap on an underlined title opens its card and a tap
// elsewhere closes it. A title inside a link keeps the tap for the link; a long press opens the
// card instead (and instead of the browser's long-press menu, which it would otherwise show).
import type { CardHost } from './card-host.tsx';
import type { FoundTitle } from './page-scan.ts';
import type { TitleHits } from './title-hits.ts';

const LONG_PRESS_MS = 500;
/** Browsers follow a touch with imitation mouse events within this time: those are the touch's, not a hover. */
const AFTER_TOUCH_MS = 1000;

const inLink = (title: FoundTitle) => title.nodes[0]?.parentElement?.closest('a[href]');

/** Watches touches; returns a test the hover logic uses to skip the mouse events a touch imitates. */
export function watchTouch(
  hits: TitleHits,
  card: CardHost,
  open: (title: FoundTitle, rect: DOMRect) => void,
  close: () => void,
  signal: AbortSignal,
): (event: Event) => boolean {
  let touchAt = -AFTER_TOUCH_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A long press opened the card: the menu and the click that end it are swallowed.
  let pressed = false;
  // The touch's lift opened the card: its click, if one comes, has nothing left to do.
  let lifted = false;
  const recent = (event: Event) => event.timeStamp - touchAt < AFTER_TOUCH_MS;
  const hitAt = (event: MouseEvent) => hits.at(event.clientX, event.clientY);
  const linkTitleAt = (event: MouseEvent) => {
    const hit = hitAt(event);
    return hit && inLink(hit.title) ? hit : null;
  };
  const on = <K extends 'pointerdown' | 'pointerup' | 'pointercancel' | 'contextmenu' | 'click'>(
    type: K,
    listener: (event: DocumentEventMap[K]) => void,
  ) => document.addEventListener(type, (event) => event.isTrusted && listener(event), { capture: true, signal });
  const cancel = () => clearTimeout(timer);
  const press = (hit: { title: FoundTitle; rect: DOMRect }) => {
    cancel();
    pressed = true;
    open(hit.title, hit.rect);
  };

  on('pointerdown', (event) => {
    if (event.pointerType !== 'touch') return;
    touchAt = event.timeStamp;
    pressed = lifted = false;
    cancel();
    const hit = linkTitleAt(event);
    // A finger that starts scrolling ends in pointercancel, which drops the press.
    if (hit) timer = setTimeout(() => press(hit), LONG_PRESS_MS);
  });
  // A touch that lifts on a title (not a link's) opens its card, and one that lifts outside the
  // card and its titles closes it, without waiting for the click: a touch held past the browser's
  // long-press time (or dispatched that slowly) gets no click.
  on('pointerup', (event) => {
    cancel();
    if (event.pointerType !== 'touch' || pressed) return;
    const hit = hitAt(event);
    if (!hit) card.contains(event.clientX, event.clientY) || close();
    else if (!inLink(hit.title)) {
      lifted = true;
      open(hit.title, hit.rect);
    }
  });
  on('pointercancel', cancel);
  // The browser's own long press may come first: it opens the card, and its menu is not shown.
  on('contextmenu', (event) => {
    const hit = recent(event) && linkTitleAt(event);
    if (!hit) return;
    event.preventDefault();
    if (!pressed) press(hit);
  });
  on('click', (event) => {
    if (!recent(event) || card.contains(event.clientX, event.clientY)) return;
    if (pressed) {
      pressed = false;
      return event.preventDefault();
    }
    if (lifted) return void (lifted = false);
    const hit = hitAt(event);
    if (hit && !inLink(hit.title)) open(hit.title, hit.rect);
    else close();
  });
  return recent;
}
