// "Remove" on a subscribed feed asks first, in the page (not confirm(), which blocks the page
// and cannot be styled or read in order), saying how much of the plan comes from the feed.
import { useEffect, useRef, useState } from 'preact/hooks';
import { plural, t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import type { FeedStatus } from '../../messages/index.ts';

type Impact = { saved: number; reminders: number };

/** What removing the feed takes from the plan, counted in words by plural(). */
export function removalQuestion({ saved, reminders }: Impact): string {
  if (saved === 0) return t('sync_removeNothing');
  if (reminders > 0) return plural('sync_removeSavedReminders', saved, plural('sync_remindersCount', reminders));
  return plural('sync_removeSaved', saved);
}

export function RemoveFeed({
  feed,
  titleId,
  act,
}: {
  feed: FeedStatus;
  titleId: string;
  act: (work: Promise<unknown>) => void;
}) {
  const [impact, setImpact] = useState<Impact | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (impact) confirmRef.current?.focus();
    else if (asked.current) removeRef.current?.focus();
  }, [impact]);
  const ask = () => {
    asked.current = true;
    act(send('getFeedRemoval', { id: feed.id }).then(setImpact));
  };
  if (!impact) {
    return (
      <button type="button" class="ap-button" ref={removeRef} aria-describedby={titleId} onClick={ask}>
        {t('sync_remove')}
      </button>
    );
  }
  const headingId = `remove-feed-${feed.id}`;
  return (
    <div class="feed-remove-confirm" role="group" aria-labelledby={headingId}>
      <p id={headingId} class="feed-remove-question">
        <strong>{t('sync_removeQuestion', feed.title)}</strong> {removalQuestion(impact)}
        {impact.saved > 0 && ` ${t('sync_removeKeeps')}`}
      </p>
      <button type="button" class="ap-button" ref={confirmRef} onClick={() => act(send('removeFeed', { id: feed.id }))}>
        {t('sync_removeConfirm')}
      </button>{' '}
      <button type="button" class="ap-button" onClick={() => setImpact(null)}>
        {t('sync_removeCancel')}
      </button>
    </div>
  );
}
