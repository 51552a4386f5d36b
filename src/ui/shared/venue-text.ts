// How a venue is written: its address only when the address adds something to the name.
import type { Venue } from '../../core/model.ts';
import { fold } from '../../core/fold.ts';

/**
 * The address to show after a venue's name, or null when it would only repeat it: "Mansion in
 * Rosedale" with "Rosedale, Toronto" reads "Mansion in Rosedale", not "… — Rosedale, Toronto".
 * The address's first part is what it names; the parts after it (city, country) are too broad
 * to be worth a line of their own.
 */
export function shownAddress(venue: Venue): string | null {
  const address = venue.address?.trim();
  if (!address) return null;
  const first = fold(address.split(',')[0]!.trim());
  if (!first) return null;
  return fold(venue.name).includes(first) ? null : address;
}
