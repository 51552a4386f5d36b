import { send } from '../browser/send.ts';
import { onDataChange } from './forget-on-change.ts';

/**
 * The user's per-site off switch, as this frame knows it. The background answers for the frame
 * the message comes from: the list lives where pages cannot write it, so a page cannot switch
 * Afterparty off or on for itself or another site. The first answer comes with the first scan's
 * (beginScan); a data change (the switch flipped in the popup or the options page) asks
 * again (getSiteSwitch), and `onChange` hears every flip.
 */
export class SiteSwitch {
  #asked = 0;
  #disabled = false;

  constructor(private readonly onChange: (disabled: boolean) => void) {
    // For the frame's whole life: the switch is what starts and stops each run.
    onDataChange(() => {
      const answer = this.ask();
      send('getSiteSwitch', {}).then(
        ({ disabled }) => answer(disabled),
        () => undefined,
      );
    }, new AbortController().signal);
  }

  /**
   * Starts a question; the function it returns takes the answer and says whether it was kept:
   * it is dropped when a later question was asked meanwhile, since that one's answer is newer.
   */
  ask(): (disabled: boolean) => boolean {
    const ask = ++this.#asked;
    return (disabled) => {
      if (ask !== this.#asked) return false;
      if (disabled !== this.#disabled) {
        this.#disabled = disabled;
        this.onChange(disabled);
      }
      return true;
    };
  }

  /** The latest answer; false until one says otherwise. */
  get disabled(): boolean {
    return this.#disabled;
  }
}
