// iCalendar (RFC 5545) import and export. Code outside this folder imports from here.
export { exportIcs, icsFileName } from './export.ts';
export { importICalendar, looksLikeICalendar, type FilmTie } from './import.ts';
export { readInvitation, type InvitationItem, type InvitationMethod, type InvitationResult } from './invitation.ts';
export { INVITATION_SEQUENCE_MAX } from './itip.ts';
