// The card's counted sentences in French, from the French catalog: plurals by Intl.PluralRules in
// the catalog's locale, and a heading that never glues "de" to the film's article ("de Les…").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../scripts/locales.mjs';
import { cardHeading, clashLine } from '../../../src/ui/card/card-words.ts';
import { event, film } from '../fixtures.ts';

type Api = { i18n: { getMessage(name: string, subs?: string | string[]): string; getUILanguage(): string } };
const scope = globalThis as { chrome?: Api };
let english: Api | undefined;

beforeAll(async () => {
  english = scope.chrome;
  const catalog = (await loadCatalog(process.cwd(), 'fr')) as Record<string, { message: string }>;
  const getMessage = (name: string, substitutions?: string | string[]) => {
    const subs = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []);
    return (catalog[name]?.message ?? '').replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
  };
  scope.chrome = { i18n: { getMessage, getUILanguage: () => 'fr-FR' } };
});

afterAll(() => {
  scope.chrome = english;
});

const lumiere = { ...film, title: 'Les Années lumière' };

describe('the card’s words in French', () => {
  it('counts the events in the singular and plural, never "de Les…"', () => {
    expect(cardHeading([{ film: lumiere, events: [event('a')] }], '')).toBe(
      'Afterparty · 1 événement pour « Les Années lumière »',
    );
    expect(cardHeading([{ film: lumiere, events: [event('a'), event('b')] }], '')).toBe(
      'Afterparty · 2 événements pour « Les Années lumière »',
    );
    expect(cardHeading([{ film: lumiere, events: [] }], '')).toBe(
      'Afterparty · rien de prévu pour « Les Années lumière »',
    );
  });

  it('says the clash line in French, counted', () => {
    expect(clashLine({ titles: [], others: 1 })).toBe('Chevauche 1 événement où vous allez');
    expect(clashLine({ titles: [], others: 3 })).toBe('Chevauche 3 événements où vous allez');
    expect(clashLine({ titles: ['Dîner de gala'], others: 2 })).toBe(
      'Chevauche Dîner de gala et 2 autres, où vous allez',
    );
    expect(clashLine({ titles: [], others: 0 })).toBeNull();
  });
});
