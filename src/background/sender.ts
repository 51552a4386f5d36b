/** The parts of runtime.MessageSender we trust, and only after checking them. */
export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: unknown;
  frameId?: number;
}

/**
 * Whether a message comes from one of our own pages (popup, options) rather than a content
 * script. The sender's URL is set by the browser, not the page; a content script's is the page's.
 */
export function isExtensionPage(sender: SenderInfo, extensionId: string, extensionOrigin: string): boolean {
  return sender.id === extensionId && typeof sender.url === 'string' && sender.url.startsWith(extensionOrigin);
}
