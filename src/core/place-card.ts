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
}

/**
 * Puts a card next to the title it belongs to without covering it: below if it fits,
 * else above if that fits, else on the side with more room; then shifted to stay inside
 * the viewport horizontally.
 */
export function placeCard(
  anchor: Rect,
  card: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = 6,
  margin = 8,
): Placement {
  const roomBelow = viewport.height - anchor.bottom - gap - margin;
  const roomAbove = anchor.top - gap - margin;
  const side = card.height <= roomBelow || roomBelow >= roomAbove ? 'below' : 'above';
  const top = side === 'below' ? anchor.bottom + gap : Math.max(margin, anchor.top - gap - card.height);
  const maxLeft = Math.max(margin, viewport.width - card.width - margin);
  const left = Math.min(Math.max(anchor.left, margin), maxLeft);
  return { left, top, side };
}

export function containsPoint(rect: Rect, x: number, y: number): boolean {
  return x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
}
