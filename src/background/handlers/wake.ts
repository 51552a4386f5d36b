import type { WakeMessages } from '../../messages/index.ts';
import type { HandlersFor } from './types.ts';

/**
 * The page's wake has done its work by arriving: the worker is started, and its top level has
 * begun the stored index's read (index.ts, `titles.begin()`). Reading here would only hold the
 * reply.
 */
export function wakeHandlers(): HandlersFor<WakeMessages> {
  return {
    wake: async () => ({}),
  };
}
