export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Placement {
  left: number;
  top: number;
  side: 'below' | 'above';
  /** The tallest the card may be where it is put: past that its body scrolls. */
  maxHeight: number;
}

interface Size {
  width: number;
  height: number;
}

/** Below this, the room beside the title is too small to read the card in: it may cover the title instead. */
export const MIN_CARD_HEIGHT = 120;
const GAP = 6;
const MARGIN = 8;
/** Float noise in a subtraction of page coordinates, far below a pixel. */
const ROUNDING = 1e-6;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

/**
 * Puts a card next to the title it belongs to without covering it: on the side with more room
 * (above when there is more room above, as issue #29 asks, so a title in the lower half of the
 * viewport opens its card upwards even when a short card would fit below), capped to that room so
 * that nothing is cut off by the viewport's edge; then shifted to stay inside the viewport
 * horizontally. Only in a viewport too short for either side does it cover the
 * title, and then it still fits the viewport.
 */
export function placeCard(anchor: Rect, card: Size, viewport: Size): Placement {
  const roomBelow = Math.floor(viewport.height - anchor.bottom - GAP - MARGIN);
  const roomAbove = Math.floor(anchor.top - GAP - MARGIN);
  const side = roomAbove > roomBelow ? 'above' : 'below';
  const left = clamp(anchor.left, MARGIN, viewport.width - card.width - MARGIN);
  const room = side === 'below' ? roomBelow : roomAbove;
  if (room < Math.min(card.height, MIN_CARD_HEIGHT)) {
    // Neither side has room: inside the viewport, over the title, rather than cut off.
    const maxHeight = Math.max(0, Math.floor(viewport.height - 2 * MARGIN));
    const height = Math.min(card.height, maxHeight);
    const wanted = side === 'below' ? anchor.bottom + GAP : anchor.top - GAP - height;
    return { left, top: clamp(wanted, MARGIN, viewport.height - MARGIN - height), side, maxHeight };
  }
  const height = Math.min(card.height, room);
  const top = side === 'below' ? anchor.bottom + GAP : anchor.top - GAP - height;
  return { left, top, side, maxHeight: room };
}

/**
 * Where a card already shown stays when its content changes under the reader (after "Going" or
 * "Remind me"): at the same place, so the button just pressed does not move away from the
 * pointer or the focus; only its cap follows the room left between that place and the title or
 * the viewport's edge. Placed afresh when that room is too small or the viewport changed.
 */
export function keepPlacement(shown: Placement, anchor: Rect, card: Size, viewport: Size): Placement {
  // Above, the card's top was worked out from its own fractional height: flooring the room
  // would cap a card that fits by under a pixel, redraw it, and re-arm the click guard.
  const room =
    shown.side === 'below'
      ? Math.floor(viewport.height - MARGIN - shown.top)
      : Math.ceil(anchor.top - GAP - shown.top - ROUNDING);
  const inside = shown.left >= 0 && shown.left + card.width <= viewport.width && shown.top >= 0;
  if (!inside || room < Math.min(card.height, MIN_CARD_HEIGHT)) return placeCard(anchor, card, viewport);
  return { ...shown, maxHeight: room };
}

export function containsPoint(rect: Rect, x: number, y: number): boolean {
  return x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
}
