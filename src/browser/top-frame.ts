import { ext } from './ext.ts';
import { targetTabId } from './target-tab.ts';

type Injection = { files: string[] } | { func: () => unknown };

/**
 * Runs a script in the top frame of the tab the popup describes and hands its value to `read`.
 * The top frame only: any frame may be an ad, a widget or an about:blank frame the page writes,
 * and the popup describes the page. Injected on demand (activeTab, granted by opening the popup),
 * so it works on any page, not only those Afterparty runs on. The value comes from a renderer a
 * hostile page may control: `read` checks it. Null where there is no tab or the extension may not
 * script the page (the browser's own pages, the store).
 */
export async function readTopFrame<T>(injection: Injection, read: (value: unknown) => T): Promise<T | null> {
  const tabId = await targetTabId();
  if (tabId === null) return null;
  try {
    const [result] = await ext.scripting.executeScript({ target: { tabId, frameIds: [0] }, ...injection });
    return read(result?.result);
  } catch {
    return null;
  }
}
