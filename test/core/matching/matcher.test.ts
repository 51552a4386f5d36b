import { describe, expect, it } from 'vitest';
import { compileMatcher, type TextSpan, type TitleSource } from '../../../src/core/matching/matcher.ts';
import { countTrieLookups } from './trie-lookups.ts';
import { film } from './title-source.ts';

// TIFF 2007/2008, plus titles that are ordinary words or names.
const CATALOG: TitleSource[] = [
  film('ypf', 'Young People Fucking', ['Young People F***ing', 'YPF']),
  film('fugitive', 'Fugitive Pieces'),
  film('poor-boys', 'Poor Boys Game'),
  film('elah', 'In the Valley of Elah'),
  film('crash', 'Crash'),
  film('crash-1996', 'Crash'),
  film('hgl', 'Happy-Go-Lucky'),
  film('medicine', 'Medicine for Melancholy'),
  film('burn', 'Burn After Reading'),
  film('goodbye', 'Goodbye Solo'),
  film('rhums', '35 Rhums', ['35 Shots of Rum']),
  film('jcvd', 'JCVD'),
  film('detroit', 'Detroit Metal City'),
  film('up', 'Up'),
  film('her', 'Her'),
  film('milk', 'Milk'),
  film('rush', 'Rush'),
  film('juno', 'Juno'),
  film('amelie', 'Amélie'),
  film('leon', 'Léon'),
  film('roma', 'Roma'),
  film('ca', 'Ça'),
  film('schindler', 'Schindler’s List'),
  film('orson', 'Me & Orson Welles'),
  film('romeo', 'Romeo and Juliet'),
  film('love', 'Love, Actually'),
  film('1917', '1917'),
];

const matcher = compileMatcher(CATALOG);

/** "ids=surface" for every match, after checking the offsets give back the surface. */
function found(text: string, marks?: TextSpan[]): string[] {
  return matcher.find({ text, marks }).map((m) => {
    expect(text.slice(m.start, m.end)).toBe(m.surface);
    return `${m.filmIds.join('+')}=${m.surface}`;
  });
}

/** Marks every `_..._` span, like italics on a page, and returns the plain text. */
function italics(source: string): { text: string; marks: TextSpan[] } {
  const marks: TextSpan[] = [];
  let text = '';
  for (const [i, part] of source.split('_').entries()) {
    if (i % 2 === 1) marks.push({ start: text.length, end: text.length + part.length });
    text += part;
  }
  return { text, marks };
}

describe('compileMatcher: what matches', () => {
  it.each<[string, string, string[]]>([
    // Case, accents, quotes, dashes, &/and.
    ['case', 'I loved YOUNG PEOPLE FUCKING, honestly.', ['ypf=YOUNG PEOPLE FUCKING']],
    ['lower case', 'we saw medicine for melancholy twice', ['medicine=medicine for melancholy']],
    ['a title of everyday words in lower case is prose', 'we saw burn after reading twice', []],
    ['a title of everyday words in title case', 'we saw Burn After Reading twice', ['burn=Burn After Reading']],
    ['accents stripped in the text', 'Then Amelie came out.', ['amelie=Amelie']],
    ['accents added in the text', 'They loved LÉON and Léon.', ['leon=LÉON', 'leon=Léon']],
    ['decomposed accents', 'We saw Ame\u0301lie again.', ['amelie=Ame\u0301lie']],
    ['straight apostrophe for a curly one', "Spielberg's Schindler's List", ["schindler=Schindler's List"]],
    ['en dashes', 'the dinner for Happy–Go–Lucky at Josos’', ['hgl=Happy–Go–Lucky']],
    ['em dashes', 'the dinner for Happy—Go—Lucky', ['hgl=Happy—Go—Lucky']],
    ['spaces for dashes', 'the dinner for Happy Go Lucky', ['hgl=Happy Go Lucky']],
    ['and for &', 'the premiere of Me and Orson Welles', ['orson=Me and Orson Welles']],
    ['& for and', 'a new Romeo & Juliet', ['romeo=Romeo & Juliet']],
    ['title punctuation may be left out', 'we watched Love Actually', ['love=Love Actually']],
    ['title punctuation may be kept', 'we watched Love, Actually', ['love=Love, Actually']],
    ['whitespace runs and line breaks', 'Medicine   for\nMelancholy karaoke', ['medicine=Medicine   for\nMelancholy']],
    // Censored forms and aliases.
    ['censored alias', "the 'Young People F***ing' party at Wicked", ['ypf=Young People F***ing']],
    ['censored differently', 'Young People F**king, the film', ['ypf=Young People F**king']],
    ['one star per word', 'Young People F*cking', ['ypf=Young People F*cking']],
    ['abbreviation alias', 'the YPF crowd', ['ypf=YPF']],
    ['international title', 'I enjoyed 35 Shots of Rum and 35 Rhums', ['rhums=35 Shots of Rum', 'rhums=35 Rhums']],
    [
      'seed sentence',
      'I saw several films I enjoyed here, including Burn After Reading, Goodbye Solo, and 35 Rhums, as well as a couple of fun midnight picks with JCVD and Detroit Metal City.',
      ['burn=Burn After Reading', 'goodbye=Goodbye Solo', 'rhums=35 Rhums', 'jcvd=JCVD', 'detroit=Detroit Metal City'],
    ],
    // Unicode word boundaries.
    ['not inside a longer word', 'Romaé, Romans and Romanesque', []],
    ['before a possessive', "Cuarón's Roma's best scene", ['roma=Roma']],
    ['after an elided article', "l'histoire d'Amélie", ['amelie=Amélie']],
    ['non-ASCII first letter', 'Ça commence ici.', ['ca=Ça']],
    ['not inside Léonard', 'Léonard and Léonie', []],
    ['digits are word characters', 'Roma2 and 35 Rhumsx', []],
    // Same title, two films.
    ['same title, both films', 'Then we saw Crash.', ['crash+crash-1996=Crash']],
    // Longest match wins.
    [
      'alias inside a longer title is not reported twice',
      'YPF vs Young People F***ing',
      ['ypf=YPF', 'ypf=Young People F***ing'],
    ],
    // Typos in long titles.
    ['one typo in a long title', 'He praised In the Vallery of Elah.', ['elah=In the Vallery of Elah']],
    ['one transposition', 'a party for Fugitive Peices', ['fugitive=Fugitive Peices']],
    ['one missing letter', 'I saw Burn After Readng', ['burn=Burn After Readng']],
    ['two typos are too many', 'In the Vallery of Elahh', []],
    ['a typo that makes an everyday word is prose', 'the poor boys came home', []],
    ['a typo in the first word', 'the karaoke for Medicime for Melancholy', ['medicine=Medicime for Melancholy']],
    ['no typo in a title of two words and under 12 letters', 'dinner for Goodby Solo', []],
    ['a typo in a two-word title of 12+ letters', 'after Fugitiv Pieces', ['fugitive=Fugitiv Pieces']],
    ['punctuation breaking a title', 'Let it burn. After reading it, I slept.', []],
    ['quotes inside a title break it', 'Young "People" Fucking', []],
  ])('%s', (_label, text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('compileMatcher: ordinary words need evidence', () => {
  it.each<[string, string, string[]]>([
    ['lower case in prose', 'hoping to finagle a way to crash the party', []],
    ['lower case verb', 'actors trying to up their mojo', []],
    ['pronoun', 'I asked her about it.', []],
    ['sentence-initial', 'Crash was the big winner.', []],
    ['sentence-initial after a quote', 'He said "no." Crash was next.', []],
    ['sentence-initial pronoun', 'Her tweets are a must-follow.', []],
    ['title case mid-sentence', 'Everyone talked about Crash at dinner.', ['crash+crash-1996=Crash']],
    ['title case mid-sentence, two titles', "I loved Pixar's Up and Jonze's Her.", ['up=Up', 'her=Her']],
    ['quoted at the start of a sentence', "'Crash' was the big winner.", ['crash+crash-1996=Crash']],
    ['quoted with the punctuation inside', 'the party for "Milk."', ['milk=Milk']],
    ['curly quotes', 'the party for ‘milk’ ran late', ['milk=milk']],
    ['guillemets with spaces', 'la fête de « Crash » hier', ['crash+crash-1996=Crash']],
    ['all capitals are not title case', 'I SAW CRASH TWICE', []],
    ['part of a longer name, before', 'Geoffrey Rush was there.', []],
    ['part of a longer name, after', 'We met Rush Limbaugh fans.', []],
    ['hyphenated name', 'the Rush-Hour Express', []],
    ['name with another title', 'Sean Penn won for Milk.', ['milk=Milk']],
    ['Harvey Milk is a person', 'the story of Harvey Milk', []],
    ['headline in title case', 'Why Heat And Milk Matter', []],
    ['a sentence-initial article is not part of a name', 'The Crash screening sold out.', ['crash+crash-1996=Crash']],
    ['a sentence-initial name is', 'Paul Crash was there.', []],
    ['one-word names: not in a longer name', 'at the Juno Awards tonight', []],
    [
      'one-word names: capitalised they match, in lower case they are the word',
      'I loved Juno. juno was fun.',
      ['juno=Juno'],
    ],
    ['one-word names in capitals', 'JUNO and LÉON tonight', ['juno=JUNO', 'leon=LÉON']],
    ['sentence start after an emoji', '🍸 Crash party tonight', []],
    ['numbers need quotes or emphasis', 'In 1917 there were 1917 films', []],
    ['quoted number', 'Mendes\' "1917" screened', ['1917=1917']],
  ])('%s', (_label, text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each<[string, string, string[]]>([
    ['italic ordinary word', 'we all went to see _crash_ that night', ['crash+crash-1996=crash']],
    ['italic at the start of a sentence', '_Crash_ won.', ['crash+crash-1996=Crash']],
    ['italic with punctuation inside', 'after _Milk,_ we left', ['milk=Milk']],
    ['italic overrides a capitalised neighbour', 'Frost/Nixon and _Milk_ Premieres', ['milk=Milk']],
    ['italics around more than the title', '_the crash course_ was full', []],
    ['a whole block in a link is layout, not a title', '_Home_', []],
    ['italic number', 'Mendes and _1917_', ['1917=1917']],
  ])('marks: %s', (_label, source, expected) => {
    const { text, marks } = italics(source);
    expect(found(text, marks)).toEqual(expected);
  });
});

describe('compileMatcher: exact offsets', () => {
  it.each<[string, string, string]>([
    ['after İ', 'İstanbul loved Young People Fucking', 'Young People Fucking'],
    ['after ẞ', 'GROẞE Fugitive Pieces party', 'Fugitive Pieces'],
    ['after a ligature', 'ﬁne ﬁlms: Goodbye Solo', 'Goodbye Solo'],
    ['after emoji', '🎬🍸 JCVD 🎉', 'JCVD'],
    ['around decomposed accents', 'cafe\u0301 Ame\u0301lie\u0301 party', 'Ame\u0301lie\u0301'],
    ['title with a ligature', 'Medicine for Melanchoﬂy', 'Medicine for Melanchoﬂy'],
    ['title starting with a combining sequence', 'la joie d\u2019Ame\u0301lie', 'Ame\u0301lie'],
    ['& inside the surface', 'see Me & Orson Welles now', 'Me & Orson Welles'],
  ])('%s', (_label, text, surface) => {
    const matches = matcher.find({ text });
    expect(matches).toHaveLength(1);
    const [m] = matches;
    expect(m?.surface).toBe(surface);
    expect(text.slice(m?.start, m?.end)).toBe(surface);
  });

  it('returns matches in text order with UTF-16 offsets', () => {
    const text = '😀 Roma, 😀 Léon';
    expect(matcher.find({ text }).map((m) => [m.start, m.end])).toEqual([
      [3, 7],
      [12, 16],
    ]);
  });
});

describe('compileMatcher: links are evidence only in prose', () => {
  const links = (text: string, ...words: string[]): TextSpan[] =>
    words.map((w) => ({ start: text.indexOf(w), end: text.indexOf(w) + w.length, link: true }));

  it.each<[string, string, string[], string[]]>([
    ['a link in a sentence', 'we all went to see crash that night', ['crash'], ['crash+crash-1996=crash']],
    ['a run of menu links', 'Home Film Up Her Contact', ['Home', 'Film', 'Up', 'Her', 'Contact'], []],
    ['title case in a two-link menu', 'Home Up', ['Home', 'Up'], []],
    ['a link alone in its block, as in a programme table', 'Juno', ['Juno'], ['juno=Juno']],
    ['links separated by dots', 'About · Privacy · Up', ['About', 'Privacy', 'Up'], []],
    ['a footer link after a sentence', 'Set in Noto. Milk', ['Milk'], []],
    ['a link at the end of a sentence', 'why Milk made money', ['Milk'], ['milk=Milk']],
  ])('%s', (_label, text, linked, expected) => {
    expect(found(text, links(text, ...linked))).toEqual(expected);
  });
});

describe('compileMatcher: choices between candidates', () => {
  it('leaves a lower-case leading article to the sentence', () => {
    const m = compileMatcher([film('w', 'The Wrestler'), film('h', 'The Hurt Locker')]);
    expect(
      m.find({ text: 'at the Wrestler party, The Wrestler won; the Hurt Lcoker crew' }).map((x) => x.surface),
    ).toEqual(['Wrestler', 'The Wrestler', 'Hurt Lcoker']);
    expect(m.find({ text: 'the wrestler party' }).map((x) => x.surface)).toEqual(['the wrestler']);
  });

  it('finds a title whose apostrophe the page left out', () => {
    const m = compileMatcher([film('p', "Poor Boy's Game"), film('b', "Buffalo '66")]);
    // In a sentence: a block all in title case is a headline, where everyday words need a cue (title-cues.ts).
    expect(m.find({ text: "we saw Poor Boys Game, Poor Boy's Game and Buffalo 66" }).map((x) => x.surface)).toEqual([
      'Poor Boys Game',
      "Poor Boy's Game",
      'Buffalo 66',
    ]);
    expect(m.find({ text: 'Buffalo66' })).toEqual([]);
  });

  it('puts first the film sharing a title whose year or director is nearby', () => {
    const m = compileMatcher([
      { id: 'crash-2004', title: 'Crash', aliases: [], year: 2004, directors: ['Paul Haggis'] },
      { id: 'crash-1996', title: 'Crash', aliases: [], year: 1996, directors: ['David Cronenberg'] },
    ]);
    const ids = (text: string) => m.find({ text }).map((x) => x.filmIds.join(','));
    expect(ids('We saw Crash again.')).toEqual(['crash-2004,crash-1996']);
    expect(ids('Cronenberg’s Crash caused a scandal.')).toEqual(['crash-1996,crash-2004']);
    expect(ids('the revival of “Crash” (1996) at the Lightbox')).toEqual(['crash-1996,crash-2004']);
    // The nearer clue wins: Haggis is named right after the second title.
    expect(ids('Cronenberg made “Crash” long before “Crash” by Haggis')).toEqual([
      'crash-1996,crash-2004',
      'crash-2004,crash-1996',
    ]);
    // A first name says nothing: both directors could be called Paul.
    expect(ids('Paul loved “Crash”.')).toEqual(['crash-2004,crash-1996']);
  });

  it('prefers the longest title and never overlaps', () => {
    const m = compileMatcher([
      film('a', 'Medicine for Melancholy'),
      film('b', 'For Melancholy Club'),
      film('c', 'Melancholy'),
    ]);
    const text = 'we saw Medicine for Melancholy Club';
    expect(m.find({ text }).map((x) => x.surface)).toEqual(['Medicine for Melancholy']);
  });

  it('matches a censored form without the alias', () => {
    const m = compileMatcher([film('ypf', 'Young People Fucking')]);
    expect(m.find({ text: 'the Young People F***ing party' }).map((x) => x.surface)).toEqual(['Young People F***ing']);
  });

  it('matches an uncensored text against a censored-only catalog entry', () => {
    const m = compileMatcher([film('ypf', 'Young People F***ing')]);
    expect(m.find({ text: 'the Young People Fucking party' }).map((x) => x.surface)).toEqual(['Young People Fucking']);
  });

  it('allows one typo in a one-word title of 12+ letters', () => {
    const m = compileMatcher([film('t', 'Transamerica'), film('b', 'Borat')]);
    expect(m.find({ text: 'we saw Transamercia and Borta' }).map((x) => x.surface)).toEqual(['Transamercia']);
  });

  it('does not let a typo reach a different numbered title', () => {
    const m = compileMatcher([film('ep1', 'Star Wars Episode I'), film('gf2', 'The Godfather Part II')]);
    expect(m.find({ text: 'Star Wars Episode V and The Godfather Part III' })).toEqual([]);
  });

  it('prefers an exact match to a typo match of the same span', () => {
    const m = compileMatcher([film('a', 'Burn After Reading'), film('b', 'Burn After Heading')]);
    expect(m.find({ text: 'Burn After Reading' }).map((x) => x.filmIds)).toEqual([['a']]);
  });

  it('reports the size of the compiled catalog', () => {
    expect(compileMatcher([film('a', 'Crash', ['Crash']), film('b', 'Crash')]).size).toBe(1);
    expect(compileMatcher([]).size).toBe(0);
  });
});

describe('compileMatcher: robustness', () => {
  it('never throws on odd input', () => {
    const odd = compileMatcher([
      film('empty', ''),
      film('stars', '***'),
      { id: 'bad', title: null, aliases: null } as unknown as TitleSource,
      null as unknown as TitleSource,
      film('ok', 'Crash'),
    ]);
    for (const block of [
      { text: '' },
      { text: '***' },
      { text: '\ud800\udfff\ud800' },
      { text: 'x', marks: [{ start: 5, end: -3 }, null] as unknown as TextSpan[] },
      null,
      { text: 42 },
    ]) {
      expect(() => odd.find(block as never)).not.toThrow();
    }
    expect(compileMatcher(null as unknown as TitleSource[]).find({ text: 'Crash' })).toEqual([]);
  });

  // Work is counted in trie lookups (trie-lookups.ts), not timed: the counts are exact on any machine.
  it('does the same work with 10,000 titles as with 100, in proportion to the page', { timeout: 60_000 }, () => {
    const films: TitleSource[] = [];
    for (let i = 0; i < 10_000; i++) {
      films.push(film(`f${i}`, `The ${i % 2 ? 'Long' : 'Last'} Night of Title Number ${i}`, [`F*ck ${i}`]));
    }
    const big = compileMatcher([...films, ...CATALOG]);
    const few = compileMatcher([...films.slice(0, 100), ...CATALOG]);
    const paragraph =
      'The Last Night of Title Number 42 played after Burn After Reading; the the the the Long Night ' +
      'of F***ing stars **** and f*** and ***s* in the Valley of the Last Night of Title Numbr 8. ';
    const text = paragraph.repeat(2_000);
    const { value: matches, lookups } = countTrieLookups(() => big.find({ text }));
    expect(matches.filter((m) => m.filmIds[0] === 'f42')).toHaveLength(2_000);
    expect(matches.filter((m) => m.filmIds[0] === 'f8')).toHaveLength(2_000);
    // The cost grows with the text, not with the catalog…
    expect(lookups).toBe(countTrieLookups(() => few.find({ text })).lookups);
    // …and ten times the text is ten times the work.
    expect(lookups).toBe(10 * countTrieLookups(() => big.find({ text: paragraph.repeat(200) })).lookups);
  });

  it('has no catastrophic cases on adversarial text: ten times the text, at most eleven times the work', () => {
    const m = compileMatcher(CATALOG);
    for (const text of [
      '*'.repeat(100_000),
      'f*'.repeat(50_000),
      'a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b '.repeat(2_000),
      'In the In the In the '.repeat(10_000),
      '"\''.repeat(50_000),
    ]) {
      const full = countTrieLookups(() => m.find({ text }));
      const tenth = countTrieLookups(() => m.find({ text: text.slice(0, text.length / 10) }));
      expect(full.value.every((match) => match.end <= text.length)).toBe(true);
      // Eleven, for the walks cut short at the end of the shorter text; quadratic work would be a hundred.
      expect(full.lookups, JSON.stringify(text.slice(0, 20))).toBeLessThanOrEqual(11 * tenth.lookups);
    }
  });
});
