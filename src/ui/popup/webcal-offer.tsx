// "Subscribe in Afterparty" on the popup's "This page" when the page links to a calendar with a
// webcal: or webcals: link (what Google Calendar, Luma and Sched hand out): the link is fetched
// over https like any feed. Clicking such a link opens the system's calendar app instead, so the
// popup is where Afterparty offers it.
import { useEffect, useState } from 'preact/hooks';
import { requestFeedPermission } from '../../browser/feed-permission.ts';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { readTopFrame } from '../../browser/top-frame.ts';
import { pageWebcalLinks, webcalFeedUrls } from './webcal-links.ts';
import { errorText } from '../../core/error-text.ts';
import type { WebcalOffer } from '../../core/feed/index.ts';

async function askWebcalLinks(): Promise<WebcalOffer[]> {
  return (await readTopFrame({ func: pageWebcalLinks }, webcalFeedUrls)) ?? [];
}

export function WebcalOffer() {
  const [urls, setUrls] = useState<WebcalOffer[] | null>(null);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  useEffect(() => void askWebcalLinks().then(setUrls), []);
  if (urls === null) return null;
  // Marks "asked, and the page has none" apart from "not asked yet", for tests that check absence.
  if (urls.length === 0) return <span hidden data-webcal-links="0" />;

  const subscribe = (url: string) => {
    // Asked inside the click, as on the options page: browsers refuse permission prompts later.
    requestFeedPermission(url)
      .then(() => send('addFeed', { url }))
      .then(
        ({ feed }) => setNote({ error: false, text: t('imports_subscribed', feed.title) }),
        (e: unknown) => setNote({ error: true, text: errorText(e) }),
      );
  };

  return (
    <section class="webcal-offer" aria-label={t('imports_subscribe')}>
      {urls.map(({ url, display, privateHost }) => (
        <div key={url} class="ap-actions" data-private-host={privateHost ? 'true' : undefined}>
          <p class="hint">
            {privateHost && <strong class="ap-warning">{t('imports_privateHost')} </strong>}
            {t('imports_subscribeHint')}{' '}
            <bdi dir="ltr" class="webcal-address">
              {display}
            </bdi>
          </p>
          {privateHost && <p class="hint">{t('imports_privateHostHint')}</p>}
          <button type="button" class="ap-button" onClick={() => subscribe(url)}>
            {t('imports_subscribe')}
          </button>
        </div>
      ))}
      {note && (
        <p role={note.error ? 'alert' : 'status'} class="hint">
          {note.text}
        </p>
      )}
    </section>
  );
}
