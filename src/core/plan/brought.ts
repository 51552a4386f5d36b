// What the user brought (an own event, an imported invitation) is in their plan as Going until
// they say otherwise (#29.2). Read, not written: an event made before that rule, which has no
// saved row, joins the plan the same way as one made after it, with no migration of the rows.
// Taking one out is the explicit choice, kept on the event as `outOfPlan`.
import type { SavedRow, UserEventRow } from '../rows.ts';

/** The saved rows with, for each own event neither saved nor taken out, a Going row. */
export function withBrought(
  saved: SavedRow[],
  own: Pick<UserEventRow, 'key' | 'createdAt' | 'outOfPlan'>[],
): SavedRow[] {
  const have = new Set(saved.map((row) => row.eventKey));
  const brought = own
    .filter((event) => !event.outOfPlan && !have.has(event.key))
    .map((event): SavedRow => ({ eventKey: event.key, status: 'going', savedAt: event.createdAt }));
  return brought.length === 0 ? saved : [...saved, ...brought];
}
