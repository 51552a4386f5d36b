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

type Match = (button: DomNode) => boolean;

const text = (n: DomNode): string => (n.nodeType === 3 ? (n.nodeValue ?? '') : kids(n).map(text).join(''));

/** Finds the button that matches, with the closed <details> it sits in, if any. */
function findButton(
  n: DomNode,
  match: Match,
  closed: DomNode | null = null,
): { button: DomNode; closed: DomNode | null } | null {
  if (n.nodeName === 'BUTTON' && match(n)) return { button: n, closed };
  const folded = n.nodeName === 'DETAILS' && attribute(n, 'open') === null ? n : closed;
  for (const child of kids(n)) {
    const hit = findButton(child, match, folded);
    if (hit) return hit;
  }
  return null;
}

async function clickNode(page: Page, cdp: CDPSession, node: DomNode): Promise<void> {
  await cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: node.backendNodeId });
  const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: node.backendNodeId })) as {
    model: { content: number[] };
  };
  const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.content;
  await page.mouse.move((x1 + x3) / 2, (y1 + y3) / 2, { steps: 3 });
  await settleCard(page);
  await page.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
}

/**
 * Clicks the card's button whose accessible label (aria-label) is `label`. The film's actions
 * sit in a folded menu after its events: its summary is clicked first, as a reader would.
 */
export function clickCardButton(page: Page, label: string): Promise<void> {
  return clickMatching(page, label, (n) => attribute(n, 'aria-label') === label);
}

/** Clicks the card's button whose text is `label`, opening the menu it is in first. */
export function clickCardButtonWithText(page: Page, label: string): Promise<void> {
  return clickMatching(page, label, (n) => text(n).trim() === label);
}

async function clickMatching(page: Page, label: string, match: Match): Promise<void> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const document = async () =>
    ((await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode }).root;
  let hit = findButton(await document(), match);
  if (!hit) throw new Error(`no button labelled "${label}" in the card`);
  if (hit.closed) {
    const summary = kids(hit.closed).find((n) => n.nodeName === 'SUMMARY');
    if (!summary) throw new Error(`the menu holding "${label}" has no summary`);
    await clickNode(page, cdp, summary);
    hit = findButton(await document(), match);
    if (!hit) throw new Error(`no button labelled "${label}" once its menu was opened`);
    if (hit.closed) throw new Error(`the menu holding "${label}" did not open`);
  }
  await clickNode(page, cdp, hit.button);
  await cdp.detach();
}
