/** The parts of runtime.MessageSender we trust, and only after checking them. */
export interface SenderInfo {
  id?: string;
  url?: string;
  /** Chrome only: the origin of the sending frame, set by the browser. */
  origin?: string;
  tab?: unknown;
  frameId?: number;
}

/**
 * Whether a message comes from one of our own pages (popup, options) rather than a content
 * script. The sender's URL and origin are set by the browser, not the page; a content
 * script's are the page's. Our pages are never framed (no web_accessible_resources), so a
 * sender in a subframe is refused too.
 */
export function isExtensionPage(sender: SenderInfo, extensionId: string, extensionOrigin: string): boolean {
  if (sender.id !== extensionId || typeof sender.url !== 'string' || !sender.url.startsWith(extensionOrigin))
    return false;
  if (sender.origin !== undefined && `${sender.origin}/` !== extensionOrigin) return false;
  return sender.frameId === undefined || sender.frameId === 0;
}
