// An invitation's title is its event's SUMMARY. Mail clients and calendar services often write
// the email's subject there instead: "Invitation: Dinner @ Thu Sep 10, 2026 7pm - 9pm (EDT)
// (ana@example.com)", "Updated invitation: …", "FW: …". What the subject adds (the mail's verb,
// the date and the address it was sent to) is said elsewhere in the plan, so it is taken off;
// a SUMMARY that is nothing but such words is kept as it was.

// The subject's lead words, English and French, as Google Calendar, Outlook and Apple write them.
const LEAD =
  /^\s*(?:(?:fw|fwd|tr|re)\s*:\s*|(?:updated invitation(?: with note)?|invitation(?: updated| mise à jour)?|new event|canceled event|cancelled event|event canceled|event cancelled|accepted|tentatively accepted|declined|événement annulé|nouvel événement)\s*(?:[:\-–]\s+|:))+/iu;

// Google's tail: " @ <when> (<zone>) (<address>)"; the address in parentheses is what marks it.
const GOOGLE_TAIL = /\s+@\s+[^@]*\([^()\s]+@[^()\s]+\)\s*$/u;

/** The event's own title from a SUMMARY that may be an email subject. */
export function invitationTitle(summary: string): string {
  const title = summary.replace(LEAD, '').replace(GOOGLE_TAIL, '').trim();
  return title || summary;
}
