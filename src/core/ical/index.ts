// iCalendar (RFC 5545) import and export. Code outside this folder imports from here.
export { describeEvent, ENGLISH_EXPORT_WORDS, exportIcs, icsFileName, type ExportWords } from './export.ts';
export { importICalendar, looksLikeICalendar, type FilmTie } from './import.ts';
export { readInvitation, type InvitationItem, type InvitationMethod, type InvitationResult } from './invitation.ts';
export { INVITATION_SEQUENCE_MAX } from './itip.ts';
export { webCalendarLinks, type WebCalendarLinks, type WebCalendarText } from './calendar-links.ts';
