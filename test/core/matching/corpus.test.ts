// Precision and recall of title detection on a labelled corpus of festival pages, measured
// with the content script's own extraction and matcher (through the scan CLI's code path).
//
// Labels are inline: <x-film data-film="id">Surface</x-film> around every mention a careful
// reader would take for the film; several ids, space-separated, when two films share the
// title, in the order the card should show them. Labels are unwrapped before the scan, and
// the test checks that the visible text and the emphasis the matcher sees are unchanged.
// Each page names its kind (<meta name="corpus-kind">), and a label may name hard classes in
// `data-class` (see corpus-classes.ts): the report gives precision and recall by both.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeed } from '../../../src/core/feed/parse.ts';
import { compileMatcher } from '../../../src/core/matching/matcher.ts';
import { iterateBlocks, type Block } from '../../../src/content/text-extract.ts';
import { parsePage, scanBlocks, type PageMatch } from '../../../src/cli/scan.ts';
import {
  CLASSES,
  classesOf,
  emptyTally,
  recallOf,
  tallyLine,
  TAGGED,
  type HardClass,
  type Tally,
} from './corpus-classes.ts';

const DIR = join(import.meta.dirname, '../../fixtures/corpus');
const LABEL = 'x-film';
// The marks the corpus must meet; raised only once met.
const PRECISION = 0.98;
const RECALL = 0.97;
const CLASS_RECALL = 0.9;

interface Label {
  filmIds: string[];
  surface: string;
  start: number;
  end: number;
  classes: Set<HardClass>;
}

const feed = parseFeed(readFileSync(join(DIR, 'catalog.json'), 'utf8'));
if (!feed.ok) throw new Error(feed.error);
const films = feed.feed.films;
const filmById = new Map(films.map((f) => [f.id, f]));
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
    for (const id of ids) if (!filmById.has(id)) throw new Error(`${page}: unknown film ${id}`);
    const tagged = (el.getAttribute('data-class') ?? '').split(/\s+/).filter(Boolean);
    for (const t of tagged) if (!TAGGED.has(t)) throw new Error(`${page}: class "${t}" is not tagged by hand`);
    const surface = el.textContent ?? '';
    const classes = classesOf({ surface, filmIds: ids, split: nodes.length > 1, tagged }, filmById);
    labels.push({ filmIds: ids, surface, start, end: lastStart + last.data.length, classes });
  }
  return { labels, blocks };
}

function unlabelled(html: string): Document {
  const doc = parsePage(html);
  for (const el of [...allElements(doc)].filter((e) => e.localName === LABEL)) {
    const parent = el.parentNode;
    el.replaceWith(...Array.from(el.childNodes));
    // Text nodes as the page had them, so a match that spans two is a title split by the page.
    parent?.normalize();
  }
  return doc;
}

function kindOf(html: string, page: string): string {
  const kind = parsePage(html).querySelector('meta[name="corpus-kind"]')?.getAttribute('content');
  if (!kind) throw new Error(`${page}: no <meta name="corpus-kind">`);
  return kind;
}

/** Offsets in the page's visible text where one text node ends and another begins. */
function nodeBoundaries(blocks: Block[]): Set<number> {
  const out = new Set<number>();
  let base = 0;
  for (const block of blocks) {
    for (const seg of block.segments.slice(1)) out.add(base + seg.start);
    base += block.text.length + 1;
  }
  return out;
}

interface PageResult {
  page: string;
  kind: string;
  labels: Label[];
  matches: PageMatch[];
  truePositives: number;
  misses: Label[];
  falseAlarms: PageMatch[];
  misordered: Array<[Label, PageMatch]>;
  /** The classes of each false alarm, read off the match. */
  falseClasses: Array<Set<HardClass>>;
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
  const result: PageResult = {
    page,
    kind: kindOf(html, page),
    labels,
    matches,
    truePositives: 0,
    misses: [],
    falseAlarms: [],
    misordered: [],
    falseClasses: [],
  };
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
  const boundaries = nodeBoundaries(blocks);
  result.falseClasses = result.falseAlarms.map((m) => {
    let split = false;
    for (let at = m.start + 1; at < m.end && !split; at++) split = boundaries.has(at);
    return classesOf({ surface: m.surface, filmIds: m.filmIds, split, tagged: [] }, filmById);
  });
  return result;
}

/** Precision and recall per page kind and per hard class. */
function groupTallies(results: PageResult[]): { kinds: Map<string, Tally>; classes: Map<HardClass, Tally> } {
  const kinds = new Map<string, Tally>();
  const classes = new Map<HardClass, Tally>(CLASSES.map((c) => [c, emptyTally()]));
  for (const r of results) {
    const kind = kinds.get(r.kind) ?? emptyTally();
    kinds.set(r.kind, kind);
    kind.labels += r.labels.length;
    kind.found += r.matches.length;
    kind.hits += r.truePositives;
    const missed = new Set(r.misses);
    for (const label of r.labels) {
      for (const c of label.classes) {
        const t = classes.get(c)!;
        t.labels++;
        if (!missed.has(label)) {
          t.hits++;
          t.found++;
        }
      }
    }
    for (const found of r.falseClasses) for (const c of found) classes.get(c)!.found++;
  }
  return { kinds, classes };
}

describe('labelled corpus', () => {
  const results = pages.map(evaluate);
  const labels = results.reduce((n, r) => n + r.labels.length, 0);
  const tp = results.reduce((n, r) => n + r.truePositives, 0);
  const found = results.reduce((n, r) => n + r.matches.length, 0);
  const precision = found === 0 ? 0 : tp / found;
  const recall = labels === 0 ? 0 : tp / labels;
  const { kinds, classes } = groupTallies(results);

  const report = [
    `corpus: ${pages.length} pages, ${labels} labelled mentions, ${found} matches`,
    `precision ${precision.toFixed(4)}  recall ${recall.toFixed(4)}`,
    'by page kind:',
    ...[...kinds].sort(([a], [b]) => a.localeCompare(b)).map(([kind, t]) => tallyLine(kind, t)),
    'by hard class:',
    ...[...classes].map(([c, t]) => tallyLine(c, t)),
    ...results.flatMap((r) => [
      ...r.misses.map((l) => `  ${r.page}: missed ${l.filmIds.join('+')} "${l.surface}" @${l.start}`),
      ...r.falseAlarms.map((m) => `  ${r.page}: false ${m.filmIds.join('+')} "${m.surface}" @${m.start}`),
      ...r.misordered.map(
        ([l, m]) => `  ${r.page}: order ${m.filmIds.join(',')} for ${l.filmIds.join(',')} @${l.start}`,
      ),
    ]),
  ].join('\n');
  console.log(report);
  // CORPUS_LABELS=1 lists every label with its classes, to check the tags by eye.
  if (process.env.CORPUS_LABELS) {
    for (const r of results)
      for (const l of r.labels) console.log(`${r.page} "${l.surface}" ${[...l.classes].join(' ')}`);
  }

  it('is big enough to mean something', () => {
    expect(pages.length).toBeGreaterThanOrEqual(25);
    expect(labels).toBeGreaterThanOrEqual(400);
    expect(kinds.size).toBeGreaterThanOrEqual(20);
  });

  it(`has precision of at least ${PRECISION} and recall of at least ${RECALL}`, () => {
    expect(precision, report).toBeGreaterThanOrEqual(PRECISION);
    expect(recall, report).toBeGreaterThanOrEqual(RECALL);
  });

  it(`finds every hard class with recall of at least ${CLASS_RECALL}`, () => {
    for (const c of CLASSES) {
      const t = classes.get(c)!;
      // Short forms are reported, not held to the mark: four labels, one of them a shortening
      // with no full title before it on its page, which short-forms.ts leaves alone.
      if (c === 'short') continue;
      expect(t.labels, `labels of class ${c}`).toBeGreaterThanOrEqual(5);
      expect(recallOf(t), `${c}\n${report}`).toBeGreaterThanOrEqual(CLASS_RECALL);
    }
  });

  it('orders films sharing a title by the year or director found nearby', () => {
    const shared = results.flatMap((r) => r.labels.filter((l) => l.filmIds.length > 1));
    expect(shared.length).toBeGreaterThanOrEqual(6);
    expect(results.flatMap((r) => r.misordered.map(([l]) => `${r.page}@${l.start}`))).toEqual([]);
  });
});
