import { ext } from './ext.ts';

/**
 * Answers one kind of message sent to this tab by the extension (tabs.sendMessage); only the
 * extension can send those. Uses sendResponse and `return true`, which every Chrome and
 * Firefox version understands, rather than a returned Promise.
 */
export function answerTabMessage(type: string, answer: () => unknown, signal: AbortSignal): void {
  const listener = (message: unknown, _sender: unknown, sendResponse: (reply: unknown) => void) => {
    if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== type)
      return undefined;
    Promise.resolve()
      .then(answer)
      .then(sendResponse, (error: unknown) =>
        sendResponse({ error: error instanceof Error ? error.message : String(error) }),
      );
    return true;
  };
  const onMessage = ext.runtime.onMessage as unknown as {
    addListener(l: typeof listener): void;
    removeListener(l: typeof listener): void;
  };
  onMessage.addListener(listener);
  signal.addEventListener('abort', () => onMessage.removeListener(listener));
}
