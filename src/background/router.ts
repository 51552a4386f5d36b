import { parseRequest, specOf, type MessageName, type Reply } from '../messages/index.ts';
import type { Handlers } from './handlers/index.ts';
import type { SenderContext } from './handlers/types.ts';
import { errorText } from '../core/error-text.ts';
import { measureSince } from './dev-marks.ts';

/**
 * Answers one message. Always resolves to `{result}` or `{error}` so a failure reaches the
 * sender as words, not as a closed port.
 */
export async function route(handlers: Handlers, message: unknown, from: SenderContext): Promise<Reply> {
  const request = parseRequest(message);
  if (typeof request === 'string') return { error: request };
  if (specOf(request.type).privileged && !from.extensionPage) {
    return { error: `${request.type} is accepted only from Afterparty's own pages` };
  }
  const at = performance.now();
  try {
    const handler = handlers[request.type] as (params: unknown, from: SenderContext) => Promise<unknown>;
    const result = await handler(request.params, from);
    return { result } as Reply<MessageName>;
  } catch (error) {
    return { error: errorText(error) };
  } finally {
    measureSince(request.type, at);
  }
}
