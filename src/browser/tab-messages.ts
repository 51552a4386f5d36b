import { ext } from './ext.ts';
import { isPlainObject } from '../core/guards.ts';
import { checkTabParams, checkTabReply, type TabMessageName, type TabParams, type TabResult } from '../messages/tab.ts';
import { errorText } from '../core/error-text.ts';

/**
 * Asks a tab's content script (all its frames, or the one `frameId` names). Rejects when no
 * content script answers there, or with the reason its reply was refused.
 */
export async function sendToTab<N extends TabMessageName>(
  tabId: number,
  name: N,
  params: TabParams<N>,
  options: { frameId?: number } = {},
): Promise<TabResult<N>> {
  const reply: unknown = await ext.tabs.sendMessage(tabId, { type: name, params }, options);
  const result = checkTabReply(name, reply);
  if (typeof result !== 'string') return result;
  throw new Error(isPlainObject(reply) && typeof reply.error === 'string' ? reply.error : result);
}

/**
 * Answers one kind of message sent to this tab by the extension (tabs.sendMessage); only the
 * extension can send those. The reply is the handler's result, or `{error}` when it throws or
 * the params are refused. Uses sendResponse and `return true`, which every Chrome and Firefox
 * version understands, rather than a returned Promise.
 */
export function answerTab<N extends TabMessageName>(
  name: N,
  handler: (params: TabParams<N>) => TabResult<N> | Promise<TabResult<N>>,
  signal: AbortSignal,
): void {
  const listener = (message: unknown, _sender: unknown, sendResponse: (reply: unknown) => void) => {
    if (!isPlainObject(message) || message.type !== name) return undefined;
    const params = checkTabParams(name, message.params);
    if (typeof params === 'string') {
      sendResponse({ error: params });
      return undefined;
    }
    Promise.resolve(params)
      .then(handler)
      .then(sendResponse, (error: unknown) => sendResponse({ error: errorText(error) }));
    return true;
  };
  const onMessage = ext.runtime.onMessage as unknown as {
    addListener(l: typeof listener): void;
    removeListener(l: typeof listener): void;
  };
  onMessage.addListener(listener);
  signal.addEventListener('abort', () => onMessage.removeListener(listener));
}
