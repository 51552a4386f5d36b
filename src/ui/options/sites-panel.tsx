// The options page's "Sites" section: the curated sites, the sites the user added (with the
// popup's "Enable on this site"), and the sites switched off, each undoable here.
import { useEffect, useState } from 'preact/hooks';
import { curatedLabels, type SiteLabel } from '../../core/site-labels.ts';
import type { SiteList } from '../../messages/index.ts';
import { useDataRevision } from '../shared/data-revision.ts';
import { t } from '../../browser/i18n.ts';
import { ListSection, type Note } from './list-section.tsx';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';

const labelText = (label: SiteLabel) => (label.subdomains ? t('sites_anySubdomain', label.host) : label.host);

export function SitesPanel() {
  const [sites, setSites] = useState<SiteList | null>(null);
  const [note, setNote] = useState<Note>(null);
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
    <ListSection name="sites" heading={t('sites_heading')} hint={t('sites_hint')} note={note}>
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
    </ListSection>
  );
}
