import { send } from '../browser/send.ts';
import { unpackMatches, type PackedMatches } from '../core/matching/index.ts';
import type { Result } from '../messages/index.ts';
import type { FindTitles } from './page-scan.ts';
import { mark } from './perf-mark.ts';

/** What the frame learns with its first batch: its site switch, settings and corrections. */
export type StartAnswers = Result<'beginScan'>;

/**
 * The background's matcher for one run. Its first batch goes as `beginScan` and brings the
 * frame's start-up answers, which were two round trips before the first batch: the scan starts
 * at once. No batch's titles are handed back before `open()` (the answers applied: the store
 * with its corrections exists), and none after `refuse()` (a switched-off site).
 */
export class ScanStart {
  /** The first batch's answers; rejects if it failed or the run stopped first. */
  readonly answers: Promise<StartAnswers>;
  readonly #ready: Promise<void>;
  #answered!: (answers: StartAnswers) => void;
  #failed!: (reason: unknown) => void;
  #open!: () => void;
  #refuse!: (reason: unknown) => void;
  #asked = false;

  constructor(signal: AbortSignal) {
    this.answers = new Promise((resolve, reject) => ((this.#answered = resolve), (this.#failed = reject)));
    this.#ready = new Promise((resolve, reject) => ((this.#open = resolve), (this.#refuse = reject)));
    this.#ready.catch(() => undefined); // awaited by the batches; a stopped run's are dropped with it
    signal.addEventListener('abort', () => this.#failed(signal.reason), { once: true });
  }

  /** Whether the first batch (and with it the questions) has been sent. */
  get asked(): boolean {
    return this.#asked;
  }

  /** The answers are applied: batches may be answered. */
  open(): void {
    this.#open();
  }

  /** The run goes no further: batches waiting are dropped with `reason`. */
  refuse(reason: unknown): void {
    this.#refuse(reason);
  }

  readonly find: FindTitles = async (blocks) => {
    // Read only where the batches are measured (the store build drops it).
    const at = process.env.AFTERPARTY_MARKS !== 'off' ? performance.now() : 0;
    let matches: PackedMatches;
    if (!this.#asked) {
      this.#asked = true;
      const reply = await send('beginScan', { blocks }).catch((error: unknown) => {
        this.#failed(error);
        throw error;
      });
      mark('answers');
      this.#answered(reply);
      await this.#ready; // rejects on a switched-off site
      matches = reply.disabled ? { films: [], spans: [] } : reply.matches;
    } else {
      await this.#ready;
      ({ matches } = await send('findTitles', { blocks }));
    }
    if (process.env.AFTERPARTY_MARKS !== 'off') performance.measure('afterparty:batch', { start: at });
    return unpackMatches(matches, blocks);
  };
}
