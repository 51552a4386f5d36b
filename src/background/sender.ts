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

const isWebAddress = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);

/**
 * The address whose site scopes what a content script may see and change. A frame's own URL
 * when it is a web page; an `about:blank` or `srcdoc` frame has none of its own, and belongs to
 * the origin that made it (Chrome's `origin`), else to its tab: counting such a frame as "no
 * site" let a switched-off site scan through its own blank frames.
 */
export function senderPageUrl(sender: SenderInfo): string | undefined {
  if (isWebAddress(sender.url)) return sender.url;
  if (isWebAddress(sender.origin)) return sender.origin;
  const tabUrl = (sender.tab as { url?: unknown } | undefined)?.url;
  return isWebAddress(tabUrl) ? tabUrl : sender.url;
}
