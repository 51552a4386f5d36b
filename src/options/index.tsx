import { render } from 'preact';
import type { FeedStatus } from '../messages/index.ts';
import { adoptEventStyle } from '../ui/page-style.ts';
import { useRequest } from '../ui/use-request.ts';

function FeedList({ feeds }: { feeds: FeedStatus[] }) {
  return (
    <ul class="feeds">
      {feeds.map((feed) => (
        <li key={feed.id} class="feed">
          <h3>{feed.title}</h3>
          <p>
            {feed.builtIn ? 'Built in' : 'Subscribed'} · {feed.eventCount} events · {feed.filmCount} films
            {feed.lastSync && ` · loaded ${new Date(feed.lastSync).toLocaleString()}`}
          </p>
          {feed.lastError && <p class="error">Last error: {feed.lastError}</p>}
          {feed.problems.length > 0 && (
            <details>
              <summary>{feed.problems.length} items skipped</summary>
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

function Options() {
  const feeds = useRequest('getFeeds', {});
  return (
    <main>
      <h1>Afterparty</h1>
      <section aria-labelledby="feeds-heading">
        <h2 id="feeds-heading">Feeds</h2>
        {feeds.status === 'failed' && <p class="error" role="alert">Could not read the feeds: {feeds.error}</p>}
        {feeds.status === 'done' && <FeedList feeds={feeds.result.feeds} />}
      </section>
    </main>
  );
}

adoptEventStyle(document);
const root = document.getElementById('app');
if (root) render(<Options />, root);
