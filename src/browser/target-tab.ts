import { ext } from './ext.ts';

/**
 * The tab the popup describes: the active tab of its window (no "tabs" permission needed for
 * the id), or `?tab=ID` when the popup page is opened in a tab of its own (tests, screenshots).
 */
export async function targetTab(): Promise<{ id?: number; url?: string } | undefined> {
  const forced = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(forced) && forced > 0) return ext.tabs.get(forced);
  const [tab] = await ext.tabs.query({ active: true, currentWindow: true });
  return tab;
}

export async function targetTabId(): Promise<number | null> {
  return (await targetTab())?.id ?? null;
}
