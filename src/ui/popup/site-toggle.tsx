import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import type { SiteStatus } from '../../messages/index.ts';
import { t } from '../../browser/i18n.ts';
import { targetTab } from '../../browser/target-tab.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';

interface Target {
  tabId: number | null;
  url: string | null;
}

/** The tab the popup is about; its URL only when it is a web page (not the browser's or ours). */
async function siteTarget(): Promise<Target> {
  const tab = await targetTab();
  return { tabId: tab?.id ?? null, url: tab?.url && /^https?:/.test(tab.url) ? tab.url : null };
}

/**
 * "Enable on this site" / "Disable on this site". Switching off needs no permission; a site
 * not on the curated list asks for its host permission first (this click is the user gesture
 * the browser requires), then the background registers the content script for it.
 */
export function SiteToggle() {
  const [target, setTarget] = useState<Target | null>(null);
  const [status, setStatus] = useState<SiteStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    siteTarget()
      .then(async (found) => {
        setTarget(found);
        if (found.url) setStatus(await send('getSiteStatus', { url: found.url }));
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, []);

  if (error)
    return (
      <p class="error" role="alert">
        {t('content_siteError', error)}
      </p>
    );
  if (!target || (target.url && !status)) return null;
  if (!target.url || !status?.site) return <p class="site-toggle empty">{t('content_siteUnsupported')}</p>;

  const running = (status.builtIn || status.added) && !status.disabled;
  const toggle = async () => {
    setError(null);
    try {
      const url = target.url as string;
      if (running) setStatus(await send('setSiteDisabled', { url, disabled: true }));
      else if (status.builtIn || status.added) setStatus(await send('setSiteDisabled', { url, disabled: false }));
      else {
        const granted = await browser.permissions.request({ origins: [status.pattern as string] });
        if (!granted) return setError(t('content_sitePermissionRefused'));
        setStatus(await send('addSite', { url, tabId: target.tabId }));
      }
    } catch (e) {
      setError(errorText(e));
    }
  };
  const note = running
    ? 'content_siteEnabledNote'
    : status.disabled
      ? 'content_siteDisabledNote'
      : 'content_siteNotAddedNote';
  return (
    <div class="site-toggle">
      <p class="site-note">{t(note, status.site)}</p>
      <button type="button" class="site-button" onClick={toggle}>
        {t(running ? 'content_siteDisable' : 'content_siteEnable')}
      </button>
    </div>
  );
}
