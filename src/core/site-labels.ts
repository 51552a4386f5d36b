// How the options page names a match pattern: people read "tiff.net and its subdomains",
// not "https://*.tiff.net/*".

export interface SiteLabel {
  host: string;
  /** The pattern covers every subdomain ("*." prefix). */
  subdomains: boolean;
}

/** The host part of a match pattern, or null for a pattern that names no host (<all_urls>, "*"). */
export function siteLabel(pattern: string): SiteLabel | null {
  const host = /^[a-z*]+:\/\/([^/]+)\//i.exec(pattern)?.[1];
  if (!host || host === '*') return null;
  return host.startsWith('*.') ? { host: host.slice(2), subdomains: true } : { host, subdomains: false };
}

/** One entry per host, whatever the schemes and paths, in alphabetical order. */
export function curatedLabels(patterns: readonly string[]): SiteLabel[] {
  const byHost = new Map<string, SiteLabel>();
  for (const pattern of patterns) {
    const label = siteLabel(pattern);
    if (!label) continue;
    const seen = byHost.get(label.host);
    byHost.set(label.host, { host: label.host, subdomains: label.subdomains || (seen?.subdomains ?? false) });
  }
  return [...byHost.values()].sort((a, b) => a.host.localeCompare(b.host));
}
