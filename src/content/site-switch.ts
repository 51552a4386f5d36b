import { ext } from '../browser/ext.ts';
import { DISABLED_SITES_KEY } from '../messages/sites.ts';

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The user's per-site off switch, read straight from storage (no message, no permission
 * beyond "storage"); `onChange` hears it flip while the page is open.
 */
export async function watchSiteSwitch(site: string, onChange: (disabled: boolean) => void): Promise<boolean> {
  ext.storage.onChanged.addListener((changes, area) => {
    const change = changes[DISABLED_SITES_KEY];
    if (area !== 'local' || !change) return;
    const before = listOf(change.oldValue).includes(site);
    const after = listOf(change.newValue).includes(site);
    if (before !== after) onChange(after);
  });
  const stored = await ext.storage.local.get(DISABLED_SITES_KEY);
  return listOf(stored[DISABLED_SITES_KEY]).includes(site);
}
