// Launches the built dev extension (dist/chrome) in real Chromium with the demo page served.
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchWithExtension, serveFolder } from '../../scripts/browser.mjs';

export interface Harness {
  context: BrowserContext;
  extensionId: string;
  demoUrl: string;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const server = await serveFolder('demo');
  // AFTERPARTY_DIST lets parallel runs test their own build (node build.mjs --dev --out DIR).
  const { context, extensionId } = await launchWithExtension({ extensionDir: join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome') });
  return {
    context,
    extensionId,
    demoUrl: server.url,
    async close() {
      await context.close();
      await server.close();
    },
  };
}

interface DomNode {
  nodeName: string;
  nodeType: number;
  nodeValue?: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

function textOf(node: DomNode): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (node.nodeName === 'STYLE') return '';
  const parts = [...(node.shadowRoots ?? []), ...(node.children ?? [])].map(textOf);
  return parts.join(' ');
}

function findAll(node: DomNode, name: string, out: DomNode[] = []): DomNode[] {
  if (node.nodeName === name) out.push(node);
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) findAll(child, name, out);
  return out;
}

/**
 * The hover card's text, read through its closed shadow root with CDP (page scripts, and
 * so page.evaluate, cannot see inside it).
 */
export async function cardText(page: Page, session?: CDPSession): Promise<string | null> {
  const cdp = session ?? (await page.context().newCDPSession(page));
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const hosts = findAll(root, 'AFTERPARTY-CARD');
  if (hosts.length === 0) return null;
  return hosts.map(textOf).join(' ').replace(/\s+/g, ' ').trim();
}
