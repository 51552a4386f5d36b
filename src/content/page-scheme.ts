/** Parses "rgb(r, g, b)" / "rgba(r, g, b, a)"; null when transparent or unreadable. */
function parseRgb(color: string): [number, number, number] | null {
  const match = /rgba?\(([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+))?\)/.exec(color);
  // No alpha is opaque.
  return !match || Number(match[4] ?? 1) < 0.5 ? null : (match.slice(1, 4).map(Number) as [number, number, number]);
}

/**
 * Whether the page itself looks dark: the card follows the page it sits on, not only the
 * system setting, because many sites have one fixed scheme.
 */
export function pageLooksDark(doc: Document): boolean {
  const view = doc.defaultView;
  if (!view) return false;
  for (const element of [doc.body, doc.documentElement]) {
    if (!element) continue;
    const rgb = parseRgb(view.getComputedStyle(element).backgroundColor);
    if (rgb) return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] < 128;
  }
  const scheme = view.getComputedStyle(doc.documentElement).colorScheme;
  if (scheme.includes('dark') && !scheme.includes('light')) return true;
  return view.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}
