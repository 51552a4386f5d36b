// Scores title highlights on the shared real pages (../shared/real-pages, see its README.md)
// against their labels. Shared by the Node corpus test (the CLI scan's extraction) and the
// Chromium e2e test (the registered highlights), which see the same page as different text:
// a label is found in either by its context with every space removed, so text that Chromium
// lays out on separate lines and happy-dom glues together still lines up.
//
// Counting: a highlight on a labelled mention of its film is a hit; on an `uncertain` surface
// it counts neither way; any other highlight is a false alarm, classed by the `non_title`
// surface it falls on (its note says what it is) or "unlabelled". A mention the live site hides
// with its stylesheet (`hidden`) counts as a hit when highlighted and is not required.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TruthMention {
  nth: number;
  hidden: boolean;
  context: string;
}

export interface TruthTitle {
  surface: string;
  film_id: string;
  region: string;
  hard?: string;
  note?: string;
  mentions: TruthMention[];
}

export interface TruthPage {
  page: string;
  site: string;
  kind: string;
  titles: TruthTitle[];
  uncertain: Array<{ surface: string; note: string }>;
  non_title: Array<{ surface: string; note: string }>;
}

/** A highlight: offsets into the text it was found in. */
export interface Hit {
  /** Empty when the film is not known (a highlight read off the page): any label's film fits. */
  filmIds: string[];
  start: number;
  end: number;
  surface: string;
}

export const NON_TITLE_CLASSES = [
  'tv-series',
  'game',
  'song',
  'stage',
  'book',
  'character',
  'place',
  'interface',
  'phrase',
  'unlabelled',
] as const;
export type NonTitleClass = (typeof NON_TITLE_CLASSES)[number];

export const TITLE_CLASSES = [
  'body',
  'chrome',
  'alias',
  'short-form',
  'common-word',
  'numeric',
  'case',
  'other-hard',
] as const;
export type TitleClass = (typeof TITLE_CLASSES)[number];

/** The class of a `non_title` label, read off its note. */
export function nonTitleClass(note: string): NonTitleClass {
  const n = note.toLowerCase();
  if (/nav|form label|button|menu/u.test(n)) return 'interface';
  if (/video game/u.test(n)) return 'game';
  if (/\bcity\b|place|town/u.test(n)) return 'place';
  if (/character|the person/u.test(n)) return 'character';
  if (/\btv\b|series|radio|docuseries|documentary/u.test(n)) return 'tv-series';
  if (/song/u.test(n)) return 'song';
  if (/stage|musical|broadway|play\b/u.test(n)) return 'stage';
  if (/book|novel|comic|story/u.test(n)) return 'book';
  return 'phrase';
}

function titleClasses(title: TruthTitle): TitleClass[] {
  const out: TitleClass[] = [title.region === 'chrome' ? 'chrome' : 'body'];
  if (/^[\d\s:.]+$/u.test(title.surface)) out.push('numeric');
  if (title.hard === 'alias' || title.hard === 'short-form' || title.hard === 'case') out.push(title.hard);
  else if (title.hard === 'common-word' || title.hard === 'common-name') out.push('common-word');
  else if (title.hard) out.push('other-hard');
  return out;
}

export interface RealPages {
  dir: string;
  catalog: string;
  truth: TruthPage[];
}

export function readRealPages(dir: string): RealPages {
  return {
    dir,
    catalog: readFileSync(join(dir, 'catalog.json'), 'utf8'),
    truth: JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as TruthPage[],
  };
}

/** `text` with every space removed, and where each kept character was. */
function squeeze(text: string): { text: string; at: number[] } {
  const at: number[] = [];
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (/\s/u.test(text[i]!)) continue;
    out += text[i];
    at.push(i);
  }
  return { text: out, at };
}

const strip = (s: string): string => s.replace(/\s+/gu, '');

function occurrences(haystack: string, needle: string, caseless = false): number[] {
  const h = caseless ? haystack.toLowerCase() : haystack;
  const n = caseless ? needle.toLowerCase() : needle;
  const out: number[] = [];
  if (n === '') return out;
  for (let i = h.indexOf(n); i >= 0; i = h.indexOf(n, i + 1)) out.push(i);
  return out;
}

interface Located {
  filmId: string;
  title: TruthTitle;
  hidden: boolean;
  /** Offsets into the squeezed text. */
  start: number;
  end: number;
}

export interface PageScore {
  page: string;
  hits: number;
  /** Mentions required (not hidden) plus hidden mentions found. */
  labels: number;
  found: number;
  misses: string[];
  unlocated: string[];
  falseAlarms: Array<{ cls: NonTitleClass; surface: string; context: string }>;
  byTitleClass: Map<TitleClass, { labels: number; hits: number }>;
  byNonTitle: Map<NonTitleClass, number>;
}

/** Where each labelled mention is in the squeezed text: by its context, else its nth occurrence. */
function locate(page: TruthPage, squeezed: string): { located: Located[]; unlocated: string[] } {
  const located: Located[] = [];
  const unlocated: string[] = [];
  const taken = new Set<number>();
  for (const title of page.titles) {
    const surface = strip(title.surface);
    const plain = occurrences(squeezed, surface);
    for (const m of title.mentions) {
      const ctx = strip(m.context);
      let at = -1;
      // The surface within its context: the occurrence nearest 35 characters in.
      const inCtx = occurrences(ctx, surface);
      const before = strip(m.context.slice(0, 35)).length;
      const offset = inCtx.sort((a, b) => Math.abs(a - before) - Math.abs(b - before))[0];
      if (offset !== undefined) {
        for (const c of occurrences(squeezed, ctx)) {
          if (!taken.has(c + offset)) {
            at = c + offset;
            break;
          }
        }
      }
      if (at < 0) {
        const nth = plain[m.nth - 1];
        if (nth !== undefined && !taken.has(nth)) at = nth;
        else at = plain.find((p) => !taken.has(p)) ?? -1;
      }
      if (at < 0) {
        if (!m.hidden) unlocated.push(`${title.surface} #${m.nth}`);
        continue;
      }
      taken.add(at);
      located.push({ filmId: title.film_id, title, hidden: m.hidden, start: at, end: at + surface.length });
    }
  }
  return { located, unlocated };
}

/** Scores the highlights `hits` of one page whose flat text is `text`. */
export function scorePage(page: TruthPage, text: string, hits: readonly Hit[]): PageScore {
  const sq = squeeze(text);
  // Squeezed offsets of a hit: first kept character at or after start, up to end.
  const toSq = (offset: number): number => {
    let lo = 0;
    let hi = sq.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sq.at[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const { located, unlocated } = locate(page, sq.text);
  const spansOf = (surfaces: Array<{ surface: string }>): Array<[number, number, string]> =>
    surfaces.flatMap(({ surface }) =>
      occurrences(sq.text, strip(surface), true).map((s): [number, number, string] => [
        s,
        s + strip(surface).length,
        surface,
      ]),
    );
  const uncertain = spansOf(page.uncertain);
  const nonTitle = page.non_title.flatMap(({ surface, note }) =>
    spansOf([{ surface }]).map(([s, e]) => ({ start: s, end: e, cls: nonTitleClass(note) })),
  );
  const score: PageScore = {
    page: page.page,
    hits: 0,
    labels: located.filter((l) => !l.hidden).length + unlocated.length,
    found: 0,
    misses: [...unlocated.map((u) => `unlocated ${u}`)],
    unlocated,
    falseAlarms: [],
    byTitleClass: new Map(TITLE_CLASSES.map((c) => [c, { labels: 0, hits: 0 }])),
    byNonTitle: new Map(NON_TITLE_CLASSES.map((c) => [c, 0])),
  };
  const overlaps = (a0: number, a1: number, b0: number, b1: number): boolean => a0 < b1 && b0 < a1;
  const used = new Set<Located>();
  for (const hit of hits) {
    const s = toSq(hit.start);
    const e = toSq(hit.end);
    const label = located.find(
      (l) =>
        !used.has(l) && overlaps(s, e, l.start, l.end) && (hit.filmIds.length === 0 || hit.filmIds.includes(l.filmId)),
    );
    if (label) {
      used.add(label);
      score.hits++;
      score.found++;
      if (label.hidden) score.labels++;
      continue;
    }
    if (uncertain.some(([us, ue]) => overlaps(s, e, us, ue))) continue;
    // A highlight on a labelled mention but for another film is a false alarm too.
    score.found++;
    const cls = nonTitle.find((n) => overlaps(s, e, n.start, n.end))?.cls ?? 'unlabelled';
    score.byNonTitle.set(cls, score.byNonTitle.get(cls)! + 1);
    const ctxFrom = sq.at[Math.max(0, s - 30)] ?? 0;
    const ctxTo = (sq.at[Math.min(sq.at.length - 1, e + 30)] ?? text.length) + 1;
    score.falseAlarms.push({
      cls,
      surface: `${hit.surface} [${hit.filmIds.join('+')}]`,
      context: text.slice(ctxFrom, ctxTo).replace(/\s+/gu, ' '),
    });
  }
  for (const l of located) {
    if (l.hidden && !used.has(l)) continue;
    for (const c of titleClasses(l.title)) {
      const t = score.byTitleClass.get(c)!;
      t.labels++;
      if (used.has(l)) t.hits++;
    }
    if (!used.has(l)) {
      const from = sq.at[Math.max(0, l.start - 30)] ?? 0;
      const to = (sq.at[Math.min(sq.at.length - 1, l.end + 30)] ?? text.length) + 1;
      score.misses.push(`missed ${l.title.surface} [${l.filmId}] … ${text.slice(from, to).replace(/\s+/gu, ' ')}`);
    }
  }
  for (const u of unlocated) {
    const title = page.titles.find((t) => u.startsWith(`${t.surface} #`));
    if (title) for (const c of titleClasses(title)) score.byTitleClass.get(c)!.labels++;
  }
  return score;
}

const ratio = (a: number, b: number): string => (b === 0 ? '  -   ' : (a / b).toFixed(4));

export interface Totals {
  precision: number;
  recall: number;
  report: string;
}

/** Precision and recall over all pages, and a table per page and per class. */
export function totals(scores: PageScore[], name: string): Totals {
  const hits = scores.reduce((n, s) => n + s.hits, 0);
  const labels = scores.reduce((n, s) => n + s.labels, 0);
  const found = scores.reduce((n, s) => n + s.found, 0);
  const lines = [
    `${name}: ${scores.length} pages, ${labels} mentions, ${found} highlights`,
    `precision ${ratio(hits, found)}  recall ${ratio(hits, labels)}`,
    'page                                   hits labels found precision recall',
    ...scores.map(
      (s) =>
        `${s.page.padEnd(38)} ${String(s.hits).padStart(4)} ${String(s.labels).padStart(6)} ${String(s.found).padStart(5)} ${ratio(s.hits, s.found).padStart(9)} ${ratio(s.hits, s.labels).padStart(6)}`,
    ),
    'recall by title class:',
    ...TITLE_CLASSES.map((c) => {
      const t = scores.reduce(
        (acc, s) => ({
          labels: acc.labels + s.byTitleClass.get(c)!.labels,
          hits: acc.hits + s.byTitleClass.get(c)!.hits,
        }),
        { labels: 0, hits: 0 },
      );
      return `  ${c.padEnd(12)} ${String(t.hits).padStart(4)}/${String(t.labels).padEnd(4)} ${ratio(t.hits, t.labels)}`;
    }),
    'false alarms by non-title class:',
    ...NON_TITLE_CLASSES.map((c) => `  ${c.padEnd(12)} ${scores.reduce((n, s) => n + s.byNonTitle.get(c)!, 0)}`),
    ...scores.flatMap((s) => [
      ...s.misses.map((m) => `  ${s.page}: ${m}`),
      ...s.falseAlarms.map((f) => `  ${s.page}: false (${f.cls}) ${f.surface} … ${f.context}`),
    ]),
  ];
  return {
    precision: found === 0 ? 0 : hits / found,
    recall: labels === 0 ? 0 : hits / labels,
    report: lines.join('\n'),
  };
}
