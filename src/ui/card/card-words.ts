// The card's sentences that depend on counts: its heading and the clash line.
import type { Listing } from '../../core/rows.ts';
import type { CardClashes } from '../../messages/index.ts';
import { plural, t } from '../../browser/i18n.ts';

/**
 * What the card is about: how many events a film has, a distinct line for a film with none
 * (never "events for" it), and the page's words alone while the listings load or failed.
 */
export function cardHeading(listings: readonly Listing[], surface: string): string {
  if (listings.length === 0) return t('card_headingLoading', surface);
  const title = listings[0]!.film.title;
  const count = listings.reduce((sum, listing) => sum + listing.events.length, 0);
  return count === 0 ? t('card_headingNone', title) : plural('card_heading', count, title);
}

/** The events you are going to that this one overlaps: named when the card may name them, else counted. */
export function clashLine(clash: CardClashes | undefined): string | null {
  if (!clash || clash.titles.length + clash.others === 0) return null;
  if (clash.titles.length === 0) return plural('card_clashOthers', clash.others);
  const more = clash.others === 0 ? '' : ` ${plural('card_clashMore', clash.others)}`;
  return t('card_clashNamed', `${clash.titles.join(', ')}${more}`);
}
