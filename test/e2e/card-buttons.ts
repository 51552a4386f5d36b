// Clicking inside the hover card's closed shadow root: page scripts (and so page.evaluate)
// cannot reach it, so the button is found through CDP's pierce and clicked with the real mouse.
import type { CDPSession, Page } from 'playwright-core';
import { settleCard } from './extension.ts';

interface DomNode {
  nodeName: string;
  nodeType: number;
  nodeValue?: string;
  backendNodeId: number;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

const kids = (n: DomNode) => [...(n.shadowRoots ?? []), ...(n.children ?? [])];

function attribute(node: DomNode, name: string): string | null {
  const list = node.attributes ?? [];
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1] ?? null;
  return null;
}

/** Clicks the card's button whose accessible label (aria-label) is `label`. */
export async function clickCardButton(page: Page, label: string): Promise<void> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const find = (n: DomNode): DomNode | null => {
    if (n.nodeName === 'BUTTON' && attribute(n, 'aria-label') === label) return n;
    for (const child of kids(n)) {
      const hit = find(child);
      if (hit) return hit;
    }
    return null;
  };
  const button = find(root);
  if (!button) throw new Error(`no button labelled "${label}" in the card`);
  await cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: button.backendNodeId });
  const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: button.backendNodeId })) as {
    model: { content: number[] };
  };
  const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.content;
  await page.mouse.move((x1 + x3) / 2, (y1 + y3) / 2, { steps: 3 });
  await settleCard(page);
  await page.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
  await cdp.detach();
}
