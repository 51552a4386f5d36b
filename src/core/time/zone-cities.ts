// The zone picker's words: a city a person knows ("Toronto (America)") for each IANA zone, so
// the list is searched by city rather than read as ~420 raw names.

/** "America/Argentina/Buenos_Aires" → "Buenos Aires (America, Argentina)"; "UTC" stays "UTC". */
export function cityLabel(zone: string): string {
  const parts = zone.split('/').map((part) => part.replace(/_/g, ' '));
  if (parts.length === 1) return parts[0]!;
  const city = parts.at(-1)!;
  return `${city} (${parts.slice(0, -1).join(', ')})`;
}

export interface ZoneCity {
  zone: string;
  label: string;
}

/** Each zone with its city label, by label; `first` (the ones the form suggests) kept at the top. */
export function zoneCities(zones: readonly string[], first: readonly string[] = []): ZoneCity[] {
  const top = [...new Set(first)].filter((zone) => zone);
  const rest = [...new Set(zones)].filter((zone) => !top.includes(zone));
  const byLabel = (a: ZoneCity, b: ZoneCity) => a.label.localeCompare(b.label);
  const cities = (list: string[]) => list.map((zone) => ({ zone, label: cityLabel(zone) }));
  return [...cities(top), ...cities(rest).sort(byLabel)];
}

/** The zone a typed text names: a city label, an IANA name, or a city alone when only one zone has it. */
export function zoneOfText(text: string, cities: readonly ZoneCity[]): string | null {
  const fold = (s: string) => s.trim().toLowerCase().replace(/_/g, ' ');
  const wanted = fold(text);
  if (!wanted) return null;
  const exact = cities.find((c) => fold(c.label) === wanted || fold(c.zone) === wanted);
  if (exact) return exact.zone;
  const byCity = cities.filter((c) => fold(c.label.replace(/ \(.*\)$/, '')) === wanted);
  return byCity.length === 1 ? byCity[0]!.zone : null;
}
