import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/core/settings.ts';
import type { LiveSettings } from '../../src/content/live-settings.ts';

/** A constructed sheet with just what the module uses. */
class FakeSheet {
  css = '';
  replaceSync(css: string): void {
    this.css = css;
  }
}

function liveOf(settings: Settings): LiveSettings & { set(next: Settings): void } {
  const watchers: ((s: Settings) => void)[] = [];
  return {
    current: settings,
    watch(watcher: (s: Settings) => void) {
      watchers.push(watcher);
      watcher(settings);
    },
    set(next: Settings) {
      for (const watcher of watchers) watcher(next);
    },
  } as unknown as LiveSettings & { set(next: Settings): void };
}

async function load() {
  vi.resetModules();
  return import('../../src/content/underline-sheet.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the underline sheet', () => {
  it('is adopted next to the page’s own sheets, follows the settings and leaves on abort (Chromium)', async () => {
    vi.stubGlobal('CSSStyleSheet', FakeSheet);
    const { watchUnderline } = await load();
    const pages = new FakeSheet();
    const doc = { adoptedStyleSheets: [pages] } as unknown as Document;
    const live = liveOf({ ...DEFAULT_SETTINGS, underlineStyle: 'wavy' });
    const controller = new AbortController();
    watchUnderline(doc, live, controller.signal);
    expect(doc.adoptedStyleSheets).toHaveLength(2);
    const ours = doc.adoptedStyleSheets[1] as unknown as FakeSheet;
    expect(ours.css).toMatch(/::highlight\(afterparty-film\).*wavy/);
    live.set({ ...DEFAULT_SETTINGS, underlineStyle: 'solid' });
    expect(doc.adoptedStyleSheets).toHaveLength(2);
    expect(ours.css).toMatch(/solid/);
    controller.abort();
    expect(doc.adoptedStyleSheets).toEqual([pages]);
  });

  it('works through Firefox’s Xray, which hides the array and refuses an assignment, with no page method', async () => {
    vi.stubGlobal('CSSStyleSheet', FakeSheet);
    // The page's array, its methods patched by a hostile page; the Xray the content script sees.
    const pages = new FakeSheet();
    const raw: FakeSheet[] = [pages];
    const hostile = () => {
      throw new Error('a page method was called');
    };
    for (const name of ['includes', 'indexOf', 'push', 'splice', 'filter'] as const)
      Object.defineProperty(raw, name, { value: hostile });
    const xray = Object.freeze({});
    const unwrapped = new Map<object, unknown>([[xray, raw]]);
    vi.stubGlobal('XPCNativeWrapper', {
      unwrap: (value: object) => (unwrapped.has(value) ? unwrapped.get(value) : value),
    });
    const doc = {
      get adoptedStyleSheets() {
        return xray;
      },
      set adoptedStyleSheets(_: unknown) {
        throw new Error('Accessing from Xray wrapper is not supported.');
      },
    } as unknown as Document;
    const { watchUnderline } = await load();
    const live = liveOf({ ...DEFAULT_SETTINGS, underlineStyle: 'wavy' });
    const controller = new AbortController();
    watchUnderline(doc, live, controller.signal);
    expect(raw).toHaveLength(2);
    expect(raw[1]!.css).toMatch(/wavy/);
    live.set({ ...DEFAULT_SETTINGS, underlineStyle: 'background' });
    expect(raw).toHaveLength(2);
    controller.abort();
    expect(raw).toEqual([pages]);
  });
});
