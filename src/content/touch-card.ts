// Touch, where there is no hover: a tap on an underlined title opens its card and a tap
// elsewhere closes it. A title inside a link keeps the tap for the link; a long press (or the
// browser's own long-press menu, which it replaces) opens the card instead.
import type { CardHost } from './card-host.tsx';
import type { FoundTitle } from './page-scan.ts';
import type { TitleHits } from './title-hits.ts';

const LONG_PRESS_MS = 500;
/** A finger drifting this far is scrolling, not pressing. */
const SLOP_PX = 10;
/** Browsers follow a tap with imitation mouse events within this time: those are the tap's, not a hover. */
const AFTER_TOUCH_MS = 1000;

const inLink = (title: FoundTitle) => !!title.range.startContainer.parentElement?.closest('a[href]');

/** Watches touches; returns a test the hover logic uses to skip the mouse events a tap imitates. */
export function watchTouch(
  hits: TitleHits,
  card: CardHost,
  open: (title: FoundTitle, rect: DOMRect) => void,
  close: () => void,
  signal: AbortSignal,
): (event: Event) => boolean {
  let touchAt = -AFTER_TOUCH_MS;
  let press: { x: number; y: number; timer: ReturnType<typeof setTimeout> } | undefined;
  // A long press opened the card: the click and menu that end it are swallowed.
  let pressed = false;
  const cancel = () => {
    clearTimeout(press?.timer);
    press = undefined;
  };
  const linkTitleAt = (x: number, y: number) => {
    const hit = hits.at(x, y);
    return hit && inLink(hit.title) ? hit : null;
  };
  const on = <K extends keyof DocumentEventMap>(type: K, listener: (event: DocumentEventMap[K]) => void) =>
    document.addEventListener(
      type,
      (event) => {
        if (event.isTrusted) listener(event);
      },
      { capture: true, signal },
    );
  const longPress = (hit: { title: FoundTitle; rect: DOMRect }) => {
    cancel();
    pressed = true;
    open(hit.title, hit.rect);
  };

  on('pointerdown', (event) => {
    if (event.pointerType !== 'touch') return;
    touchAt = event.timeStamp;
    pressed = false;
    cancel();
    const hit = linkTitleAt(event.clientX, event.clientY);
    if (hit) press = { x: event.clientX, y: event.clientY, timer: setTimeout(() => longPress(hit), LONG_PRESS_MS) };
  });
  on('pointermove', (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP_PX) cancel();
  });
  on('pointerup', cancel);
  on('pointercancel', cancel);
  on('contextmenu', (event) => {
    if (event.timeStamp - touchAt > AFTER_TOUCH_MS) return;
    const hit = !pressed && linkTitleAt(event.clientX, event.clientY);
    if (hit) longPress(hit);
    if (pressed) event.preventDefault();
  });
  on('click', (event) => {
    if (event.timeStamp - touchAt > AFTER_TOUCH_MS) return;
    if (pressed) {
      pressed = false;
      return event.preventDefault();
    }
    if (card.contains(event.clientX, event.clientY)) return;
    const hit = hits.at(event.clientX, event.clientY);
    if (hit && !inLink(hit.title)) open(hit.title, hit.rect);
    else if (card.isOpen) close();
  });
  return (event) => event.timeStamp - touchAt < AFTER_TOUCH_MS;
}
