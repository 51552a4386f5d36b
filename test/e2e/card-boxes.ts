// Reading the hover card's closed shadow root from a test: its nodes through CDP's pierce, their
// boxes through DOM.getBoxModel and a scroll offset through Runtime.callFunctionOn, none of which
// a page script can do.
import type { CDPSession, Page } from 'playwright-core';
import { CARD_HOST } from './extension.ts';

export interface CardNode {
  nodeName: string;
  nodeType: number;
  nodeValue?: string;
  backendNodeId: number;
  attributes?: string[];
  children?: CardNode[];
  shadowRoots?: CardNode[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const kids = (n: CardNode) => [...(n.shadowRoots ?? []), ...(n.children ?? [])];

export function attributeOf(node: CardNode, name: string): string | null {
  const list = node.attributes ?? [];
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1] ?? null;
  return null;
}

export const hasClass = (node: CardNode, name: string) =>
  (attributeOf(node, 'class') ?? '').split(/\s+/).includes(name);

export function textOf(node: CardNode): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (node.nodeName === 'STYLE') return '';
  return kids(node).map(textOf).join(' ').replace(/\s+/g, ' ').trim();
}

export function findAll(node: CardNode, match: (n: CardNode) => boolean, out: CardNode[] = []): CardNode[] {
  if (match(node)) out.push(node);
  for (const child of kids(node)) findAll(child, match, out);
  return out;
}

export function findOne(node: CardNode, match: (n: CardNode) => boolean, what: string): CardNode {
  const hit = findAll(node, match)[0];
  if (!hit) throw new Error(`no ${what} in the card`);
  return hit;
}

/** The card's host with its closed root, or null when no card is open. */
export async function cardTree(cdp: CDPSession): Promise<CardNode | null> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
  const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: CARD_HOST })) as {
    nodeId: number;
  };
  if (!nodeId) return null;
  return ((await cdp.send('DOM.describeNode', { nodeId, depth: -1, pierce: true })) as { node: CardNode }).node;
}

export async function boxOf(cdp: CDPSession, node: CardNode): Promise<Box> {
  const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: node.backendNodeId })) as {
    model: { border: number[] };
  };
  const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.border;
  return { x: x1, y: y1, width: x3 - x1, height: y3 - y1 };
}

/** A property of a node in the card, read by CDP (the page cannot reach the node). */
export async function propertyOf(cdp: CDPSession, node: CardNode, name: string): Promise<unknown> {
  const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId: node.backendNodeId })) as {
    object: { objectId: string };
  };
  const { result } = (await cdp.send('Runtime.callFunctionOn', {
    objectId: object.objectId,
    functionDeclaration: `function () { return this[${JSON.stringify(name)}]; }`,
    returnByValue: true,
  })) as { result: { value: unknown } };
  return result.value;
}

/** The event's item in the card, by its key. */
export function eventNode(card: CardNode, eventKey: string): CardNode {
  return findOne(card, (n) => attributeOf(n, 'data-event-key') === eventKey, `event ${eventKey}`);
}

/** The texts of the buttons inside a node. */
export const buttonTexts = (node: CardNode) => findAll(node, (n) => n.nodeName === 'BUTTON').map(textOf);

export async function centre(cdp: CDPSession, node: CardNode): Promise<{ x: number; y: number }> {
  const box = await boxOf(cdp, node);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export const viewportOf = (page: Page) => page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
