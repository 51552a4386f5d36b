// The words for a sync reason, chosen where they are shown: the sync engine records codes, so a
// feed's last error reads in the language of the moment, not the one it failed in.
import { t } from '../../browser/i18n.ts';
import type { StoredReason, SyncReason } from '../../db/index.ts';

function httpStatus(status: number): string {
  if (status === 404 || status === 410) return t('sync_errorNotFound', status);
  if (status === 401 || status === 403) return t('sync_errorForbidden', status);
  if (status >= 500) return t('sync_errorServer', status);
  return t('sync_errorHttp', status);
}

const WORDS: { [C in SyncReason['code']]: (reason: Extract<SyncReason, { code: C }>) => string } = {
  'http-status': ({ status }) => httpStatus(status),
  timeout: ({ seconds }) => t('sync_errorTimeout', seconds),
  unreachable: () => t('sync_errorUnreachable'),
  'too-large': ({ maxBytes }) => t('sync_errorTooLarge', String(Math.round(maxBytes / (1024 * 1024)))),
  truncated: () => t('sync_errorTruncated'),
  html: () => t('sync_errorHtml'),
  // The feed and iCalendar parsers word their own refusals.
  'not-a-feed': ({ detail }) => detail,
  'no-events': ({ kept }) => t('sync_errorNoEvents', kept),
  'bad-url': () => t('sync_errorBadUrl'),
  'insecure-url': () => t('sync_errorInsecureUrl'),
  redirected: ({ to }) => t('sync_errorRedirected', to),
  'too-complex': ({ part }) => t(part === 'steps' ? 'sync_errorTooComplex' : 'sync_errorTooNested'),
  'titles-capped': ({ kept, limit }) =>
    t(limit === 'titles' ? 'sync_warningTitlesCapped' : 'sync_warningTitleTextCapped', kept),
  duplicate: () => t('sync_errorDuplicate'),
  'built-in': () => t('sync_errorRemoveBuiltIn'),
  busy: () => t('sync_busy'),
  'storage-quota': () => t('sync_faultQuota'),
  'storage-unavailable': () => t('sync_faultUnavailable'),
  'storage-blocked': () => t('sync_faultBlocked'),
  error: ({ message }) => message,
};

/** Plain words for a reason; a row written before reasons had codes holds its words already. */
export function describeSyncReason(reason: StoredReason): string {
  if (typeof reason === 'string') return reason;
  const words = WORDS[reason.code] as ((reason: SyncReason) => string) | undefined;
  // A code from a newer release, read after a downgrade.
  return words ? words(reason) : reason.code;
}
