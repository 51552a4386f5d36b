import { Component } from 'preact';
import { t } from '../../browser/i18n.ts';

/**
 * Past this many characters a description is taken to need more than the card's two lines
 * (about 50 characters a line at the card's width); shorter ones get no button. A length
 * rather than a measured overflow, so the button does not appear a frame late or differ
 * between browsers.
 */
export const CLAMP_CHARS = 100;

let described = 0;

/**
 * An event's description, plain text. Clamped: two lines with a button that unfolds the rest
 * (the card and "This page"); otherwise in full (the schedule). A class rather than hooks: the
 * card ships in the content script, whose size is a budget, and nothing else in it needs
 * preact/hooks (about 1 KB gzipped).
 */
export class EventDescription extends Component<{ text: string; clamped: boolean }, { open: boolean }> {
  override state = { open: false };
  readonly id = `ap-description-${++described}`;

  override render({ text, clamped }: { text: string; clamped: boolean }, { open }: { open: boolean }) {
    const folds = clamped && (text.length > CLAMP_CHARS || text.includes('\n'));
    return (
      <div class="ap-description-box">
        <p id={this.id} class={`ap-description${folds && !open ? ' ap-clamped' : ''}`}>
          {text}
        </p>
        {folds && (
          <button
            type="button"
            class="ap-more"
            aria-expanded={open ? 'true' : 'false'}
            aria-controls={this.id}
            onClick={() => this.setState({ open: !open })}
          >
            <span aria-hidden="true">{open ? '▴ ' : '▾ '}</span>
            {t('ui_fullDescription')}
          </button>
        )}
      </div>
    );
  }
}
