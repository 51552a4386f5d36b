import { DATA_REVISION_KEY } from '../messages/data-revision.ts';
import { changesData } from '../messages/index.ts';

/**
 * Bumps the data revision after a change. Changes close together (a sync writing several
 * feeds, a save followed by its re-read) make one write.
 */
export function createChangeNotice(
  write: (items: Record<string, unknown>) => Promise<void>,
  { delayMs = 50, clock = Date.now } = {},
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bump = (): void => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      write({ [DATA_REVISION_KEY]: clock() }).catch((error: unknown) =>
        console.warn('Afterparty: could not note a change', error),
      );
    }, delayMs);
  };
  return {
    bump,
    /** After a message was answered: bumps when it succeeded and changes what views show. */
    after(message: unknown, reply: object): void {
      const type = (message as { type?: unknown } | null)?.type;
      if (typeof type === 'string' && changesData(type) && 'result' in reply) bump();
    },
  };
}
