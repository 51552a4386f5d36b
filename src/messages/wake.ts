import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

export interface WakeMessages {
  /**
   * Sent once by the top frame's document_start script (src/content-wake/) as the page starts:
   * it carries nothing, and arrives so a stopped worker starts, and starts reading its stored
   * index, before the content script's first batch (issue 28). Answered at once; reads nothing.
   */
  wake: { params: Record<string, never>; result: Record<string, never> };
}

export const wakeSpecs: SpecsFor<WakeMessages> = {
  // Open: a content script sends it; it reads and changes nothing, whatever the sender.
  wake: { validate: noParams('wake') },
};

/**
 * Whether a message is the page's wake: not a request the start-up work waits for
 * (background/start-up.ts), or its answer would let that work go before the page's first batch.
 */
export function isWake(message: unknown): boolean {
  return isPlainObject(message) && message.type === 'wake';
}
