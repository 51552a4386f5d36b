// The database's public surface: queries and writes, never tables. Code outside src/db imports
// from here only, so no reader can skip the live-slot filter (feed-slots.ts) or write a table
// behind the functions that keep its rules.
export { openDatabase, type AfterpartyDb, type FeedRow } from './database.ts';
export {
  DEFAULT_SYNC_STATE,
  type FeedKind,
  type FeedSyncState,
  type StageJobRow,
  type StoredReason,
  type SyncReason,
} from './feed-sync-state.ts';
export { syncStateOf } from './feed-slots.ts';
export { EMPTY_FEED_SUMMARY, feedSummary, SUMMARY_MAX_EVENTS, type FeedSummary } from './feed-summary.ts';
export { feedWithUrl, getFeed, insertFeed, listFeeds, recordFeedError, removeFeed, updateSyncState } from './feeds.ts';
export { countChanges, feedRows, patchFor, replaceFeed, rowCount, type FeedRows } from './feed-store.ts';
export {
  abandonStage,
  beginStage,
  dropStageJob,
  stageChunk,
  stagedFeedIds,
  stageJobOf,
  switchToStaged,
} from './feed-stage.ts';
export { dropLease, takeLease } from './leases.ts';
export { liveFilmsTitled, liveTitles } from './film-titles.ts';
export { eventCatalog, listingsFor, liveFestivals, liveFilm, liveFilms, liveFilmsOf, schedule } from './queries.ts';
export {
  eventsOfListedFilms,
  eventsWithContext,
  readPlan,
  readReminderInputs,
  savedStatus,
  setReminder,
  setSaved,
  type ReminderInputs,
} from './plan.ts';
export { savedFromFeed } from './saved-snapshots.ts';
export { loadReminderState, saveReminderState, type ReminderState } from './reminder-state.ts';
export { addCorrection, allCorrections, correctionsFor, removeCorrection, widenCorrection } from './corrections.ts';
export {
  addUserEvent,
  applyInvitation,
  deleteUserEvent,
  listUserEvents,
  previewInvitation,
  updateUserEvent,
  type InvitationChange,
  type InvitationOutcome,
} from './user-events.ts';
export { addUserFilm, listUserFilms, removeUserFilm } from './user-films.ts';
export { makeBackup, restoreBackup } from './backup.ts';
export { clearCache } from './clear-cache.ts';
export type { Backup, RestoreCounts } from '../core/backup-format.ts';
export { loadSettings, patchSettings } from './settings.ts';
export { dropMatcherIndex, readMatcherIndex, writeMatcherIndex, type MatcherIndexRow } from './matcher-index.ts';
export { applySyncChanges, readSyncData } from './device-sync.ts';
export { readSiteList, seedSiteLists, writeSiteList } from './site-lists.ts';
export { readDeviceSyncRow, seedDeviceSyncRows, writeDeviceSyncRow } from './device-sync-rows.ts';
