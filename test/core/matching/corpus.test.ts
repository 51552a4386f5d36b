// Precision and recall of title detection on a labelled corpus of festival pages, measured
// with the content script's own extraction and matcher (through the scan CLI's code path).
//
// Labels are inline: <x-film data-film="id">Surface</x-film> around every mention a careful
// reader would take for the film; several ids, space-separated, when two films share the
// title, in the order the card should show them. Labels are unwrapped before the scan, and
// the test checks that the visible text and the emphasis the matcher sees are unchanged.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeed } from '../../../src/core/feed/parse.ts';
import { compileMatcher } from '../../../src/core/matching/matcher.ts';
import { iterateBlocks, type Block } from '../../../src/content/text-extract.ts';
import { parsePage, scanBlocks, type PageMatch } from '../../../src/cli/scan.ts';

const DIR = join(import.meta.dirname, '../../fixtures/corpus');
const LABEL = 'x-film';

interface Label {
  filmIds: string[];
  surface: string;
  start: number;
  end: number;
}

const feed = parseFeed(readFileSync(join(DIR, 'catalog.json'), 'utf8'));
if (!feed.ok) throw new Error(feed.error);
const films = feed.feed.films;
const matcher = compileMatcher(films);
const pages = readdirSync(DIR)
  .filter((f) => f.endsWith('.html'))
  .sort();

/** Every element under `root`, shadow trees included. */
function* allElements(root: ParentNode): Generator<Element> {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    yield el;
    if (el.shadowRoot) yield* allElements(el.shadowRoot);
  }
}

function textNodesOf(el: Element): Text[] {
  const out: Text[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === 3) out.push(node as Text);
    for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(el);
  return out.filter((t) => t.data.length > 0);
}

/** The labels of a page, as offsets into its visible text, and what the matcher would see. */
function labelsOf(html: string, page: string): { labels: Label[]; blocks: Block[] } {
  const doc = parsePage(html);
  const blocks = [...iterateBlocks(doc)];
  const where = new Map<Text, number>();
  let base = 0;
  for (const block of blocks) {
    for (const seg of block.segments) where.set(seg.node, base + seg.start - seg.nodeOffset);
    base += block.text.length + 1;
  }
  const labels: Label[] = [];
  for (const el of allElements(doc)) {
    if (el.localName !== LABEL) continue;
    const nodes = textNodesOf(el);
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    const start = first && where.get(first);
    const lastStart = last && where.get(last);
    if (start === undefined || lastStart === undefined || !last) {
      throw new Error(`${page}: label "${el.textContent}" is not in the visible text`);
    }
    const ids = (el.getAttribute('data-film') ?? '').split(/\s+/).filter(Boolean);
    for (const id of ids) if (!films.some((f) => f.id === id)) throw new Error(`${page}: unknown film ${id}`);
    labels.push({ filmIds: ids, surface: el.textContent ?? '', start, end: lastStart + last.data.length });
  }
  return { labels, blocks };
}

function unlabelled(html: string): Document {
  const doc = parsePage(html);
  for (const el of [...allElements(doc)].filter((e) => e.localName === LABEL))
    el.replaceWith(...Array.from(el.childNodes));
  return doc;
}

interface PageResult {
  page: string;
  labels: Label[];
  matches: PageMatch[];
  truePositives: number;
  misses: Label[];
  falseAlarms: PageMatch[];
  misordered: Array<[Label, PageMatch]>;
}

const sameSet = (a: string[], b: string[]): boolean => a.length === b.length && a.every((id) => b.includes(id));

function evaluate(page: string): PageResult {
  const html = readFileSync(join(DIR, page), 'utf8');
  const { labels, blocks: labelledBlocks } = labelsOf(html, page);
  const blocks = [...iterateBlocks(unlabelled(html))];
  // The labels must be invisible to the matcher: same text, same emphasis.
  expect(blocks.map((b) => [b.text, b.marks])).toEqual(labelledBlocks.map((b) => [b.text, b.marks]));
  const { text, matches } = scanBlocks(blocks, matcher);
  for (const label of labels) expect(text.slice(label.start, label.end)).toBe(label.surface);
  const result: PageResult = { page, labels, matches, truePositives: 0, misses: [], falseAlarms: [], misordered: [] };
  const used = new Set<PageMatch>();
  for (const label of labels) {
    const match = matches.find(
      (m) => m.start === label.start && m.end === label.end && sameSet(m.filmIds, label.filmIds),
    );
    if (!match) {
      result.misses.push(label);
      continue;
    }
    used.add(match);
    result.truePositives++;
    if (match.filmIds.join() !== label.filmIds.join()) result.misordered.push([label, match]);
  }
  result.falseAlarms = matches.filter((m) => !used.has(m));
  return result;
}

describe('labelled corpus', () => {
  const results = pages.map(evaluate);
  const labels = results.reduce((n, r) => n + r.labels.length, 0);
  const tp = results.reduce((n, r) => n + r.truePositives, 0);
  const found = results.reduce((n, r) => n + r.matches.length, 0);
  const precision = found === 0 ? 0 : tp / found;
  const recall = labels === 0 ? 0 : tp / labels;

  const report = [
    `corpus: ${pages.length} pages, ${labels} labelled mentions, ${found} matches`,
    `precision ${precision.toFixed(4)}  recall ${recall.toFixed(4)}`,
    ...results.flatMap((r) => [
      ...r.misses.map((l) => `  ${r.page}: missed ${l.filmIds.join('+')} "${l.surface}" @${l.start}`),
      ...r.falseAlarms.map((m) => `  ${r.page}: false ${m.filmIds.join('+')} "${m.surface}" @${m.start}`),
      ...r.misordered.map(
        ([l, m]) => `  ${r.page}: order ${m.filmIds.join(',')} for ${l.filmIds.join(',')} @${l.start}`,
      ),
    ]),
  ].join('\n');
  console.log(report);

  it('is big enough to mean something', () => {
    expect(pages.length).toBeGreaterThanOrEqual(12);
    expect(labels).toBeGreaterThanOrEqual(250);
  });

  it('has precision of at least 0.97 and recall of at least 0.95', () => {
    expect(precision, report).toBeGreaterThanOrEqual(0.97);
    expect(recall, report).toBeGreaterThanOrEqual(0.95);
  });

  it('orders films sharing a title by the year or director found nearby', () => {
    const shared = results.flatMap((r) => r.labels.filter((l) => l.filmIds.length > 1));
    expect(shared.length).toBeGreaterThanOrEqual(6);
    expect(results.flatMap((r) => r.misordered.map(([l]) => `${r.page}@${l.start}`))).toEqual([]);
  });
});
