// The feeds the e2e files serve: TIFF 2007, as the built-in listings' festival, and the
// Persepolis listings that the options page's Chromium test and its Firefox twin subscribe to.

export const TIFF_2007 = {
  id: 'tiff',
  name: 'TIFF 2007',
  timeZone: 'America/Toronto',
  start: '2007-09-06',
  end: '2007-09-15',
};

/** Next year: a test that presses Going needs an event that is not over (core/event-state.ts). */
export const NEXT_YEAR = new Date().getFullYear() + 1;

/** The same festival's dates next year. */
export const TIFF_NEXT_YEAR = { ...TIFF_2007, start: `${NEXT_YEAR}-09-06`, end: `${NEXT_YEAR}-09-15` };

/** A feed of TIFF 2007 (or of the festival given), as the format has it (schema/), serialised. */
export function tiffFeed(title: string, films: object[], events: object[], festival: object = TIFF_2007): string {
  return JSON.stringify({ afterparty: 1, title, festivals: [festival], films, events });
}

export const PERSEPOLIS_LISTINGS = 'Local test listings';

/** A film only this feed lists, with its party (whose title a test may change) and a brunch. */
export function persepolisFeed(partyTitle = 'Persepolis after-party at the Drake'): string {
  return tiffFeed(
    PERSEPOLIS_LISTINGS,
    [{ id: 'persepolis', title: 'Persepolis', year: 2007, directors: ['Marjane Satrapi', 'Vincent Paronnaud'] }],
    [
      {
        id: 'p-party',
        title: partyTitle,
        kind: 'party',
        films: ['persepolis'],
        festival: 'tiff',
        start: '2007-09-08T23:00:00-04:00',
        venue: 'The Drake Hotel',
        access: 'invite',
      },
      {
        id: 'p-brunch',
        title: 'Persepolis press brunch',
        kind: 'dinner',
        films: ['persepolis'],
        festival: 'tiff',
        start: '2007-09-09T11:00:00-04:00',
      },
    ],
  );
}

/** A review that names Persepolis, for the underline and the card. */
export const PERSEPOLIS_REVIEW =
  '<!doctype html><meta charset="utf-8"><title>Review</title>' +
  '<p>Marjane Satrapi’s <em>Persepolis</em> drew the longest queue of the week.</p>';

export const OVERSIZED_LISTINGS = 'Oversized listings';

/** A good feed, as sent with `padding` spaces after it (still valid JSON: only its size can be wrong). */
export function oversizedFeed(padding: number): string {
  const feed = tiffFeed(
    OVERSIZED_LISTINGS,
    [],
    [{ id: 'o', title: 'Oversized party', kind: 'party', films: [], festival: 'tiff', start: '2007-09-08' }],
  );
  return feed + ' '.repeat(padding);
}

/** One byte over the 20 MB a feed may weigh (FEED_MAX_BYTES, src/background/feed-sync/fetch-feed.ts). */
export const OVER_FEED_LIMIT = 20 * 1024 * 1024 + 1;

/** The options page's words for a feed over that size (src/locales/en/sync.json). */
export const TOO_LARGE_WORDS = 'The feed is larger than 20 MB, which Afterparty does not download.';

export const OTHER_BROWSERS_LISTINGS = 'Feed from the other browser';

/** The feed another browser subscribed to, which device sync offers here. */
export const OTHER_BROWSERS_FEED = tiffFeed(
  OTHER_BROWSERS_LISTINGS,
  [{ id: 'persepolis', title: 'Persepolis', year: 2007, directors: ['Marjane Satrapi'] }],
  [
    {
      id: 'p',
      title: 'Persepolis drinks',
      kind: 'party',
      films: ['persepolis'],
      festival: 'tiff',
      start: '2007-09-08',
    },
  ],
);
