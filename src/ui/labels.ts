import type { Access, EventKind } from '../core/model.ts';

export const KIND_LABELS: Record<EventKind, string> = {
  party: 'Party',
  dinner: 'Dinner',
  reception: 'Reception',
  screening: 'Screening',
  other: 'Event',
};

export const ACCESS_LABELS: Record<Access, string> = {
  public: 'Open to the public',
  rsvp: 'RSVP',
  invite: 'Invitation only',
  ticketed: 'Ticketed',
  unknown: 'Access not stated',
};
