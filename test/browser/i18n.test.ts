import { afterEach, describe, expect, it } from 'vitest';
import { plural, uiLocale } from '../../src/browser/i18n.ts';

type Chrome = { i18n: { getMessage(name: string, subs?: string[]): string; getUILanguage(): string } };
const scope = globalThis as unknown as { chrome: Chrome };
const original = scope.chrome;

function useCatalog(messages: Record<string, string>, uiLanguage: string): void {
  scope.chrome = {
    i18n: {
      getMessage: (name, subs = []) =>
        (messages[name] ?? '').replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? ''),
      getUILanguage: () => uiLanguage,
    },
  };
}

afterEach(() => {
  scope.chrome = original;
});

describe('uiLocale', () => {
  it("is the catalog's language, not a browser language the catalogs lack", () => {
    useCatalog({ localeTag: 'en' }, 'de');
    expect(uiLocale()).toBe('en');
  });
  it("keeps the browser's region when the language is the catalog's", () => {
    useCatalog({ localeTag: 'fr' }, 'fr-CA');
    expect(uiLocale()).toBe('fr-CA');
    useCatalog({ localeTag: 'en' }, 'en_GB');
    expect(uiLocale()).toBe('en-GB');
  });
});

describe('plural', () => {
  const catalog = { events_one: '$1 event', events_other: '$1 events', late_other: '$1 late at $2' };
  it('picks the CLDR category of the count in the catalog locale', () => {
    useCatalog({ ...catalog, localeTag: 'en' }, 'en-US');
    expect(plural('events', 1)).toBe('1 event');
    expect(plural('events', 0)).toBe('0 events');
    expect(plural('events', 1200)).toBe('1,200 events');
  });
  it('follows French, where 0 and 1 are both singular', () => {
    useCatalog({ events_one: '$1 événement', events_other: '$1 événements', localeTag: 'fr' }, 'fr');
    expect(plural('events', 0)).toBe('0 événement');
    expect(plural('events', 1)).toBe('1 événement');
    expect(plural('events', 2)).toBe('2 événements');
  });
  it('falls back to _other and passes further substitutions', () => {
    useCatalog({ ...catalog, localeTag: 'en' }, 'en');
    expect(plural('late', 1, 'Cannes')).toBe('1 late at Cannes');
  });
});
