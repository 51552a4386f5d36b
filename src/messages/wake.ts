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
  // Open: a content script sends it; it reads and changes nothing, whatever the sender. Ahead:
  // it comes before the page's first batch, which the start-up's deferred work waits for.
  wake: { validate: noParams('wake'), ahead: true },
};
