/** The site a page belongs to, as corrections and the per-site switch key it: its hostname. */
export function siteOf(url: string | undefined | null): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
