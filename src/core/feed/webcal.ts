// `webcal:` and `webcals:` are the subscription links Google Calendar, Apple, Luma and Sched hand
// out. Neither is a registered scheme with its own transport: clients fetch them over HTTP, and
// Afterparty fetches feeds over https only, so both mean https (draft-daboo-webcal-00 reads
// webcal as http; https is what those producers serve and what the https-only rule needs).
const WEBCAL = /^\s*webcals?:(?:\/\/)?/i;

/** "webcal://host/cal.ics" → "https://host/cal.ics"; any other text is returned as it was. */
export function feedUrlFromLink(raw: string): string {
  return WEBCAL.test(raw) ? raw.replace(WEBCAL, 'https://').trim() : raw;
}

export function isWebcalLink(raw: string): boolean {
  return WEBCAL.test(raw);
}
