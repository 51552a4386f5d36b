import { render } from 'preact';
import type { FeedStatus } from '../messages/index.ts';
import { DataPanel } from '../ui/data-panel.tsx';
import { DisplaySettings } from '../ui/display-settings.tsx';
import { FeedsPanel } from '../ui/feeds-panel.tsx';
import { t, uiLocale } from '../ui/i18n.ts';
import { adoptEventStyle } from '../ui/page-style.ts';
import { useRequest } from '../ui/use-request.ts';

function FeedList({ feeds }: { feeds: FeedStatus[] }) {
  return (
    <ul class="feeds">
      {feeds.map((feed) => (
        <li key={feed.id} class="feed">
          <h3>{feed.title}</h3>
          <p>
            {t(feed.builtIn ? 'ui_feedBuiltIn' : 'ui_feedSubscribed')} · {t('ui_feedCounts', feed.eventCount, feed.filmCount)}
            {feed.lastSync && ` · ${t('ui_feedLoaded', new Date(feed.lastSync).toLocaleString(uiLocale()))}`}
          </p>
          {feed.lastError && <p class="error">{t('ui_feedLastError', feed.lastError)}</p>}
          {feed.problems.length > 0 && (
            <details>
              <summary>{t('ui_feedSkipped', feed.problems.length)}</summary>
              <ul>
                {feed.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

function FeedsSection() {
  const feeds = useRequest('getFeeds', {});
  return (
    <section aria-labelledby="feeds-heading" class="panel-section">
      <h2 id="feeds-heading">{t('ui_feedsHeading')}</h2>
      {feeds.status === 'failed' && (
        <p class="error" role="alert">
          {t('ui_couldNotReadFeeds', feeds.error)}
        </p>
      )}
      {feeds.status === 'done' && <FeedList feeds={feeds.result.feeds} />}
    </section>
  );
}

// The page's sections, in order. Feeds: the sync engineer's panel (src/ui/feeds-panel.tsx)
// replaces FeedsSection. Sites (curated, added, disabled) go between Feeds and Display.
function Options() {
  return (
    <main>
      <h1>{t('ui_optionsTitle')}</h1>
      <FeedsPanel />
      <DisplaySettings />
      <DataPanel />
    </main>
  );
}

adoptEventStyle(document);
document.title = t('ui_optionsTitle');
const root = document.getElementById('app');
if (root) render(<Options />, root);
