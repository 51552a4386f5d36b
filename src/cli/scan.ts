// `afterparty scan PAGE.html --feed FEED`: the titles the extension would underline on a page,
// found by the content script's own text extraction and matcher, run in happy-dom.

import { readFile } from 'node:fs/promises';
import { Window } from 'happy-dom';
import { parseFeed } from '../core/feed/index.ts';
import { compileMatcher, PageReader, type Matcher } from '../core/matching/index.ts';
import { iterateBlocks, type Block } from '../content/text-extract.ts';

export interface PageMatch {
  /** The film the card shows first; `filmIds` has every film sharing the title. */
  filmId: string;
  filmIds: string[];
  surface: string;
  /** UTF-16 offsets into the page's visible text (see `visibleText`). */
  start: number;
  end: number;
}

export interface PageScan {
  /** The extracted blocks joined by "\n": what offsets refer to. */
  text: string;
  matches: PageMatch[];
}

/**
 * Matches every block, then reads the page as the content script does (page-reader.ts:
 * namesakes dropped, titles named before found again and shortened), and turns block offsets
 * into offsets of the joined visible text.
 */
export function scanBlocks(blocks: Iterable<Block>, matcher: Matcher): PageScan {
  const texts: string[] = [];
  const matches: PageMatch[] = [];
  const reader = new PageReader();
  let base = 0;
  for (const block of blocks) {
    const found = matcher.find(block);
    const all = reader.next(block, found);
    for (const m of all) {
      matches.push({
        filmId: m.filmIds[0] ?? '',
        filmIds: m.filmIds,
        surface: m.surface,
        start: base + m.start,
        end: base + m.end,
      });
    }
    texts.push(block.text);
    base += block.text.length + 1;
  }
  return { text: texts.join('\n'), matches };
}

/**
 * Browsers turn `<template shadowrootmode="open">` into a shadow root while parsing; happy-dom
 * does not, so do it here: pages written that way scan as they would in Chromium.
 */
function attachDeclarativeShadowRoots(root: ParentNode): void {
  for (const template of Array.from(root.querySelectorAll('template[shadowrootmode]'))) {
    const host = template.parentElement;
    const mode = template.getAttribute('shadowrootmode');
    if (!host || host.shadowRoot || (mode !== 'open' && mode !== 'closed')) continue;
    const shadow = host.attachShadow({ mode });
    shadow.append((template as HTMLTemplateElement).content);
    template.remove();
    attachDeclarativeShadowRoots(shadow);
  }
}

/** A happy-dom document for `html`, scripts and subresources never run or load. */
export function parsePage(html: string): Document {
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      navigation: {
        disableMainFrameNavigation: true,
        disableChildFrameNavigation: true,
        disableChildPageNavigation: true,
      },
    },
  });
  const doc = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  attachDeclarativeShadowRoots(doc);
  return doc;
}

export async function scanCommand(
  page: string,
  feedFile: string,
  out: { log: (line: string) => void; error: (line: string) => void },
): Promise<number> {
  const parsed = parseFeed(await readFile(feedFile, 'utf8'));
  if (!parsed.ok) {
    out.error(`${feedFile}: not a feed: ${parsed.error}`);
    return 1;
  }
  const doc = parsePage(await readFile(page, 'utf8'));
  const { matches } = scanBlocks(iterateBlocks(doc), compileMatcher(parsed.feed.films));
  out.log(JSON.stringify(matches, null, 2));
  return 0;
}
