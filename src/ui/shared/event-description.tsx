import { useId, useState } from 'preact/hooks';
import { t } from '../../browser/i18n.ts';

/**
 * Past this many characters a description is taken to need more than the card's two lines
 * (about 50 characters a line at the card's width); shorter ones get no button. A length
 * rather than a measured overflow, so the button does not appear a frame late or differ
 * between browsers.
 */
export const CLAMP_CHARS = 100;

/**
 * An event's description, plain text. Clamped: two lines with a button that unfolds the rest
 * (the card and "This page"); otherwise in full (the schedule).
 */
export function EventDescription({ text, clamped }: { text: string; clamped: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const folds = clamped && (text.length > CLAMP_CHARS || text.includes('\n'));
  return (
    <div class="ap-description-box">
      <p id={id} class={`ap-description${folds && !open ? ' ap-clamped' : ''}`}>
        {text}
      </p>
      {folds && (
        <button
          type="button"
          class="ap-more"
          aria-expanded={open ? 'true' : 'false'}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">{open ? '▴ ' : '▾ '}</span>
          {t('ui_fullDescription')}
        </button>
      )}
    </div>
  );
}
