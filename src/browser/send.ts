import { ext } from './ext.ts';
import type { MessageName, Params, Reply, Result } from '../messages/index.ts';

/** Asks the background worker; a refused or failed request rejects with its reason. */
export async function send<N extends MessageName>(type: N, params: Params<N>): Promise<Result<N>> {
  const reply = (await ext.runtime.sendMessage({ type, params })) as Reply<N> | undefined;
  if (!reply) throw new Error('The Afterparty background worker did not answer.');
  if ('error' in reply) throw new Error(reply.error);
  return reply.result;
}
