// The options page's "Sites" section: the curated sites, the sites the user added (with the
// popup's "Enable on this site"), and the sites switched off, each undoable here.
import { useEffect, useState } from 'preact/hooks';
import { curatedLabels, type SiteLabel } from '../../core/site-labels.ts';
import type { SiteList } from '../../messages/index.ts';
import { useDataRevision } from '../shared/data-revision.ts';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';

export const LIST_STYLE = `
.site-list, .correction-list { list-style: none; margin: 6px 0 12px; padding: 0; }
.site-list li, .correction-list li { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; padding: 4px 0; border-bottom: 1px solid var(--ap-line); }
.site-list .ap-button, .correction-list .ap-button { font-size: 12px; padding: 3px 8px; margin-left: auto; }
.curated-sites { columns: 2 14em; }
.curated-sites li { break-inside: avoid; }
.panel-section h3 { font-size: 13px; margin: 12px 0 2px; }
`;

const labelText = (label: SiteLabel) => (label.subdomains ? t('sites_anySubdomain', label.host) : label.host);

export function SitesPanel() {
  const [sites, setSites] = useState<SiteList | null>(null);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  // Sites change from the popup too, while this page is open.
  const revision = useDataRevision();
  useEffect(() => {
    send('getSites', {}).then(setSites, (e: unknown) =>
      setNote({ error: true, text: t('options_couldNotLoadList', errorText(e)) }),
    );
  }, [revision]);

  const act = (work: Promise<SiteList>, done: string) =>
    work.then(
      (list) => {
        setSites(list);
        setNote({ error: false, text: done });
      },
      (e: unknown) => setNote({ error: true, text: errorText(e) }),
    );
  const remove = (site: string, pattern: string) => act(send('removeSite', { pattern }), t('sites_removed', site));
  const enable = (site: string) =>
    act(
      send('setSiteDisabled', { url: `https://${site}/`, disabled: false }).then(() => send('getSites', {})),
      t('sites_enabled', site),
    );

  return (
    <section aria-labelledby="sites-heading" class="panel-section sites-panel">
      <style>{LIST_STYLE}</style>
      <h2 id="sites-heading">{t('sites_heading')}</h2>
      <p class="hint">{t('sites_hint')}</p>
      <p class={note?.error ? 'error' : 'status'} role={note?.error ? 'alert' : 'status'}>
        {note?.text ?? ''}
      </p>
      {sites && (
        <>
          <h3 id="sites-added">{t('sites_addedHeading')}</h3>
          {sites.added.length === 0 ? (
            <p class="hint">{t('sites_addedNone')}</p>
          ) : (
            <ul class="site-list" aria-labelledby="sites-added">
              {sites.added.map(({ site, pattern, granted }) => (
                <li key={pattern}>
                  <span class="site-name">{site}</span>
                  {!granted && <span class="hint">{t('sites_noPermission')}</span>}
                  <button
                    type="button"
                    class="ap-button"
                    aria-label={t('sites_removeLabel', site)}
                    onClick={() => remove(site, pattern)}
                  >
                    {t('sites_remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <h3 id="sites-disabled">{t('sites_disabledHeading')}</h3>
          {sites.disabled.length === 0 ? (
            <p class="hint">{t('sites_disabledNone')}</p>
          ) : (
            <ul class="site-list" aria-labelledby="sites-disabled">
              {sites.disabled.map((site) => (
                <li key={site}>
                  <span class="site-name">{site}</span>
                  <button
                    type="button"
                    class="ap-button"
                    aria-label={t('sites_enableLabel', site)}
                    onClick={() => enable(site)}
                  >
                    {t('sites_enable')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <h3 id="sites-curated">{t('sites_curatedHeading')}</h3>
          <ul class="site-list curated-sites" aria-labelledby="sites-curated">
            {curatedLabels(sites.curated).map((label) => (
              <li key={label.host}>{labelText(label)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
