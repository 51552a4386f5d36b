// The one map of every message between the parts, assembled from one file per area.
// Senders use `send` (src/browser/send.ts); the background's handler object is typed against
// `Messages`; every request is validated on receipt by `parseRequest`.
import { addEventSpecs, type AddEventMessages } from './add-event.ts';
import { correctionSpecs, type CorrectionMessages } from './corrections.ts';
import { deviceSyncSpecs, type DeviceSyncMessages } from './device-sync.ts';
import { feedSpecs, type FeedMessages } from './feeds.ts';
import { listingSpecs, type ListingMessages } from './listings.ts';
import { pageEventSpecs, type PageEventMessages } from './page-events.ts';
import { planSpecs, type PlanMessages } from './plan.ts';
import { siteSpecs, type SiteMessages } from './sites.ts';
import { settingsSpecs, type SettingsMessages } from './settings.ts';
import { isPlainObject } from '../core/guards.ts';
import { type MessageSpec, type SpecsFor } from './spec.ts';
import { userEventSpecs, type UserEventMessages } from './user-events.ts';
import { userFilmSpecs, type UserFilmMessages } from './user-films.ts';
import { wakeSpecs, type WakeMessages } from './wake.ts';

// The folder's surface (scripts/eslint/layers.mjs): code outside src/messages imports these from here.
export { ADD_EVENT_PARAM, addEventPath, type AddEventMessages } from './add-event.ts';
export type { CorrectionMessages } from './corrections.ts';
export type { DeviceSyncMessages, DeviceSyncStatus } from './device-sync.ts';
export type { FeedMessages, FeedStatus, FoundFeedLink, SyncLine } from './feeds.ts';
export type { ListingMessages } from './listings.ts';
export { fitPageSnapshot, type PageEventMessages, type PageEventPreview } from './page-events.ts';
export { FOCUS_EVENT_PARAM, type CardClashes, type PlanMessages } from './plan.ts';
export type { SettingsMessages } from './settings.ts';
export { ADDED_SITES_KEY, DISABLED_SITES_KEY, type SiteList, type SiteMessages, type SiteStatus } from './sites.ts';
export type { InvitationEvent, InvitationPreview, InvitationTarget, UserEventMessages } from './user-events.ts';
export { INVITATION_EVENTS_MAX } from './user-events.ts';
export type { UserFilmMessages } from './user-films.ts';
export type { WakeMessages } from './wake.ts';

export interface Messages
  extends
    ListingMessages,
    PageEventMessages,
    FeedMessages,
    SettingsMessages,
    PlanMessages,
    UserEventMessages,
    UserFilmMessages,
    CorrectionMessages,
    SiteMessages,
    AddEventMessages,
    DeviceSyncMessages,
    WakeMessages {}

export type MessageName = keyof Messages;
export type Params<N extends MessageName> = Messages[N]['params'];
export type Result<N extends MessageName> = Messages[N]['result'];

export interface Request<N extends MessageName = MessageName> {
  type: N;
  params: Params<N>;
}

export type Reply<N extends MessageName = MessageName> = { result: Result<N> } | { error: string };

const specs: SpecsFor<Messages> = {
  ...listingSpecs,
  ...pageEventSpecs,
  ...feedSpecs,
  ...settingsSpecs,
  ...planSpecs,
  ...userEventSpecs,
  ...userFilmSpecs,
  ...correctionSpecs,
  ...siteSpecs,
  ...addEventSpecs,
  ...deviceSyncSpecs,
  ...wakeSpecs,
};

/** Every message name, so tests can cover each message, including ones added later. */
export const MESSAGE_NAMES = Object.keys(specs) as MessageName[];

export function specOf(name: MessageName): MessageSpec<unknown> {
  return specs[name] as MessageSpec<unknown>;
}

/** The spec of a message type received from anywhere, if it is one of ours. */
function specNamed(type: unknown): MessageSpec<unknown> | undefined {
  return typeof type === 'string' && Object.hasOwn(specs, type) ? specOf(type as MessageName) : undefined;
}

/** Whether a message, once answered with a result, changed what views show (`changes` in its spec). */
export function changesData(name: string): boolean {
  return specNamed(name)?.changes === true;
}

/**
 * Whether a message only starts the worker ahead of a request (`ahead` in its spec): not one the
 * start-up waits for.
 */
export function comesAhead(message: unknown): boolean {
  return isPlainObject(message) && specNamed(message.type)?.ahead === true;
}

/** Checks a message received from anywhere; returns the typed request or a reason to refuse it. */
export function parseRequest(message: unknown): Request | string {
  if (!isPlainObject(message) || typeof message.type !== 'string') return 'not an Afterparty message';
  const type = message.type;
  if (!Object.hasOwn(specs, type)) return `unknown message type "${type.slice(0, 40)}"`;
  const name = type as MessageName;
  const params = specOf(name).validate(message.params);
  if (typeof params === 'string') return params;
  return { type: name, params } as Request;
}
