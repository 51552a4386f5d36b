// The page pass (page-reader.ts, namesakes.ts): namesakes dropped by grammar and structure,
// the film's own mentions kept beside each, and titles the page named as films found again.
// Pages go through the content script's extraction in happy-dom, as the CLI scan reads them.
import { describe, expect, it } from 'vitest';
import { compileMatcher, PageReader, type TextBlock, type TitleSource } from '../../../src/core/matching/index.ts';
import { parsePage, scanBlocks } from '../../../src/cli/scan.ts';
import { iterateBlocks } from '../../../src/content/text-extract.ts';

const film = (id: string, title: string, year: number | null = null): TitleSource => ({
  id,
  title,
  aliases: [],
  year,
  directors: [],
});

const matcher = compileMatcher([
  film('fargo', 'Fargo', 1996),
  film('cabaret', 'Cabaret', 1972),
  film('selma', 'Selma', 2014),
  film('chicago', 'Chicago', 2002),
  film('noah', 'Noah', 2014),
  film('batman', 'Batman', 1989),
  film('shawshank', 'Shawshank Redemption', 1994),
  film('room', 'Room', 2015),
  film('vice', 'Vice', 2018),
  film('up', 'Up', 2009),
  film('passengers', 'Passengers', 2016),
  film('godzilla', 'Godzilla', 2014),
  film('interstellar', 'Interstellar', 2014),
  film('1917', '1917', 2019),
  film('singin', 'Singin’ in the Rain', 1952),
]);

/** The titles the CLI scan finds on `body`, as "film=surface". */
function titles(body: string): string[] {
  const doc = parsePage(`<!doctype html><html><body>${body}</body></html>`);
  const { matches } = scanBlocks(iterateBlocks(doc), matcher);
  return matches.map((m) => `${m.filmIds.join('+')}=${m.surface}`);
}

describe('namesakes told from the film by grammar', () => {
  it('leaves a TV series, a season and a stage show, and keeps the film beside them', () => {
    expect(titles('<p>He wrote every episode of the Fargo series for FX.</p>')).toEqual([]);
    expect(titles('<p>Hawley, Legion creator and Fargo creator, will direct.</p>')).toEqual([]);
    expect(titles('<p>Noah Hawley eyes Fargo, Legion creator duties aside.</p>')).toEqual([]);
    expect(titles('<p>The cast of season 3 of Fargo was announced.</p>')).toEqual([]);
    expect(titles('<p>She had just come off doing Cabaret on Broadway.</p>')).toEqual([]);
    // Positive controls: the same names as films.
    expect(titles('<p>The Coens made Fargo in a bitter winter.</p>')).toEqual(['fargo=Fargo']);
    expect(titles('<p>She loved Cabaret as a girl.</p>')).toEqual(['cabaret=Cabaret']);
  });

  it('leaves a place, and keeps the film', () => {
    expect(titles('<p>Locals lined up to register in Selma, Alabama, that spring.</p>')).toEqual([]);
    expect(titles('<p>The Selma-to-Montgomery marches began in March.</p>')).toEqual([]);
    expect(titles('<p>They walked from Selma to Montgomery.</p>')).toEqual([]);
    expect(titles('<p>She grew up in Chicago before acting.</p>')).toEqual([]);
    expect(titles('<p>He rents a studio in Chicago and one near Selma.</p>')).toEqual([]);
    expect(titles('<p>They shot Fargo in a bitter winter.</p>')).toEqual(['fargo=Fargo']);
    // "Gomorrah, Italy's submission": a country that does not end the phrase is no address.
    expect(titles('<p>Oyelowo is superb in Selma, which opens Friday.</p>')).toEqual(['selma=Selma']);
    expect(titles('<p>Zeta-Jones starred in Chicago, Illinois’s namesake musical film.</p>')).toEqual([
      'chicago=Chicago',
    ]);
  });

  it('leaves a character played by an actor, and keeps the film', () => {
    expect(titles('<p>The sequence when Noah (Russell Crowe) recounts the story.</p>')).toEqual([]);
    expect(titles('<p>Michael Keaton as Batman was a surprise.</p>')).toEqual([]);
    expect(titles('<p>See Batman and Superman battle in the new trailer.</p>')).toEqual([]);
    expect(titles('<p>Aronofsky made Noah (2014) with Russell Crowe.</p>')).toEqual(['noah=Noah']);
    expect(titles('<p>Tim Burton directed Batman for Warner.</p>')).toEqual(['batman=Batman']);
  });

  it('leaves a title inside a longer quoted name, not a title quoted in speech', () => {
    expect(titles('<p>Based on the story "Rita Hayworth and Shawshank Redemption" by King.</p>')).toEqual([]);
    expect(titles('<p>They’d go ‘I love Singin’ in the Rain, but I hate musicals,’ he said.</p>')).toEqual([
      'singin=Singin’ in the Rain',
    ]);
  });

  it('yields a weak reading where the page has named the film as a film', () => {
    expect(titles('<p>See Batman and Superman fight.</p>')).toEqual([]);
    expect(titles('<p>Burton’s <i>Batman</i> (1989) was a hit.</p><p>See Batman and Robin fight.</p>')).toEqual([
      'batman=Batman',
      'batman=Batman',
    ]);
  });
});

describe('interface elements', () => {
  it('leaves a title inside a link or button label, and keeps it in a headline link', () => {
    expect(titles('<ul><li><a href="/login">Log In</a></li><li><a href="/signup">Sign Up</a></li></ul>')).toEqual([]);
    expect(titles('<ul><li><a href="/p">Press Room</a></li><li><a href="/a">Advertising</a></li></ul>')).toEqual([]);
    expect(titles('<h2><a href="/c">Join The Conversation</a></h2>')).toEqual([]);
    expect(titles('<h3><a href="/r">‘Room’ Is the Year’s Best Film</a></h3>')).toEqual(['room=Room']);
  });

  it('leaves a word alone in a navigation or a button, and keeps a film in a link list', () => {
    expect(titles('<nav><ul><li><a href="/u">Uproxx</a></li><li><a href="/v">Vice</a></li></ul></nav>')).toEqual([]);
    expect(titles('<div role="menu"><div role="menuitem">Vice</div></div>')).toEqual([]);
    expect(titles('<p>Filter: <button>Room</button></p>')).toEqual([]);
    expect(
      titles('<ul><li><a href="/f/vice">Vice</a> (2018)</li><li><a href="/f/room">Room</a> (2015)</li></ul>'),
    ).toEqual(['vice=Vice', 'room=Room']);
  });
});

describe('titles found again', () => {
  it('finds a film the page named as a film in a tag list and mid-paragraph', () => {
    const page =
      '<p>This year <i>Passengers</i>, <i>Godzilla</i> and <i>Interstellar</i> opened.</p>' +
      '<p>Passengers is decent. Its look is Passengers at its best, they say.</p>' +
      '<div>Filed Under: <a href="/t/f">Film, </a><a href="/t/g">Godzilla, </a><a href="/t/i">Interstellar, </a></div>';
    expect(titles(page)).toEqual([
      'passengers=Passengers',
      'godzilla=Godzilla',
      'interstellar=Interstellar',
      // "Passengers is decent" opens a sentence: a word there is capitalised whatever it means.
      'passengers=Passengers',
      'godzilla=Godzilla',
      'interstellar=Interstellar',
    ]);
  });

  it('finds nothing again where the page never named the film as a film', () => {
    expect(
      titles('<p>Passengers is decent.</p><div><a href="/t/g">Godzilla, </a><a href="/t/i">Interstellar, </a></div>'),
    ).toEqual([]);
  });
});

describe('glued tag text', () => {
  it('reads adjacent links whose letters touch as separate words', () => {
    expect(
      titles('<p><i>Up</i> opened Cannes.</p><div class="tags"><a href="/a">Animation</a><a href="/u">Up</a></div>'),
    ).toContain('up=Up');
    const doc = parsePage('<div><a href="/a">Animation</a><a href="/u">Up</a></div>');
    expect([...iterateBlocks(doc)].map((b) => b.text)).toEqual(['Animation', 'Up']);
    // Positive control: a word split by styling stays one word.
    const styled = parsePage('<p><a href="/x">Happy-</a><b>Go</b>-Lucky and <a href="/s">U</a>p</p>');
    expect([...iterateBlocks(styled)].map((b) => b.text)).toEqual(['Happy-Go-Lucky and Up']);
  });
});

describe('numbers named as films', () => {
  it('finds a number after a word for a film, a possessive or credits, and not as a year', () => {
    expect(titles('<p>The film 1917 is one long take.</p>')).toEqual(['1917=1917']);
    expect(titles('<p>Sam Mendes’ 1917 is one long take.</p>')).toEqual(['1917=1917']);
    expect(titles('<p>1917 (Sam Mendes, 2019) is one long take.</p>')).toEqual(['1917=1917']);
    expect(titles('<p>The revolution of 1917 changed Russia.</p>')).toEqual([]);
  });
});

describe('titles found again, overlapping', () => {
  const block = (text: string): TextBlock => ({ text, marks: [] });
  /** A block naming `first` then `second` as films (a year after each), then one naming both, glued. */
  function again(first: string, second: string): string[] {
    const reader = new PageReader();
    const text = `${first} (2001) and ${second} (2002).`;
    const named = [first, second].map((surface, i) => {
      const start = text.indexOf(surface);
      return { filmIds: [`f${i}`], start, end: start + surface.length, surface };
    });
    reader.next(block(text), named);
    return reader.next(block('We saw Foo/Bar/Baz twice.'), []).map((m) => m.surface);
  }

  it('keeps the one the page named first, where two found again overlap', () => {
    expect(again('Foo/Bar', 'Bar/Baz')).toEqual(['Foo/Bar']);
    expect(again('Bar/Baz', 'Foo/Bar')).toEqual(['Bar/Baz']);
  });

  it('reads a letter outside the Basic Plane beside a title as no word character, as the search by surface did', () => {
    const reader = new PageReader();
    const text = 'Fargo (1996) was cold.';
    reader.next(block(text), [{ filmIds: ['fargo'], start: 0, end: 5, surface: 'Fargo' }]);
    const starts = (t: string) => reader.next(block(t), []).map((m) => m.start);
    expect(starts('We saw 𝐀Fargo twice.')).toEqual([9]);
    expect(starts('We saw Fargo𝐀 twice.')).toEqual([7]);
    expect(starts('We saw Fa𝐀Fargo twice.')).toEqual([11]);
    // Positive control: a letter of the Basic Plane joins the word.
    expect(starts('We saw aFargo twice.')).toEqual([]);
  });
});

describe('titles found again, sharing their first four characters', () => {
  const block = (text: string): TextBlock => ({ text, marks: [] });
  /** A reader to which a block named `surfaces` as films, in that order (a year after each). */
  function named(...surfaces: string[]): PageReader {
    const reader = new PageReader();
    const text = surfaces.map((s, i) => `${s} (${2001 + i})`).join(', ') + '.';
    let from = 0;
    const found = surfaces.map((surface, i) => {
      const start = text.indexOf(`${surface} (`, from);
      from = start + surface.length;
      return { filmIds: [`f${i}`], start, end: from, surface };
    });
    expect(reader.next(block(text), found).map((m) => m.surface)).toEqual(surfaces);
    return reader;
  }
  const again = (reader: PageReader, text: string): string[] =>
    reader.next(block(text), []).map((m) => `${m.filmIds.join('+')}=${m.surface}`);

  it('finds each of them, wherever the block writes them', () => {
    const reader = named('Star Wars', 'Star Trek', 'Stardust');
    expect(again(reader, 'We saw Star Trek, then Star Wars and Stardust again.')).toEqual([
      'f1=Star Trek',
      'f0=Star Wars',
      'f2=Stardust',
    ]);
    // Written otherwise, or inside a longer word, none is found; the same block with one
    // written alike is the control.
    expect(again(reader, 'We saw star trek, then Starwars and Stardusty again.')).toEqual([]);
    expect(again(reader, 'We saw star trek, then Starwars and Stardust again.')).toEqual(['f2=Stardust']);
  });

  it('keeps the one the page named first, where two overlap', () => {
    expect(again(named('Foo/Bar', 'Foo/Bar/Baz'), 'We saw Foo/Bar/Baz twice.')).toEqual(['f0=Foo/Bar']);
    expect(again(named('Foo/Bar/Baz', 'Foo/Bar'), 'We saw Foo/Bar/Baz twice.')).toEqual(['f0=Foo/Bar/Baz']);
  });

  it('finds a surface whose first four characters are not all letters, or are all it has', () => {
    const reader = named('M*A*S*H', 'Room', 'Rooms of Kalomi');
    expect(again(reader, 'We saw M*A*S*H, then Rooms of Kalomi, then Room.')).toEqual([
      'f0=M*A*S*H',
      'f2=Rooms of Kalomi',
      'f1=Room',
    ]);
    // Control: each inside a longer word, or in lower case, is not found.
    expect(again(reader, 'We saw XM*A*S*H, then rooms of Kalomi, then Roomy.')).toEqual([]);
  });

  it('finds one the page named twice under its first naming', () => {
    const reader = named('Star Wars', 'Star Wars');
    expect(again(reader, 'We saw Star Wars twice.')).toEqual(['f0=Star Wars']);
  });

  it('leaves out a surface too short to find again, however often the page names it', () => {
    const reader = named('Up', 'Room', 'Up', 'Room');
    expect(again(reader, 'We saw Up, then Room.')).toEqual(['f1=Room']);
  });

  it('tells apart two surfaces whose first four characters are looked up under one key', () => {
    // "Aa" and "BB" weigh the same in the key (65 × 31 + 97 = 66 × 31 + 66).
    const reader = named('AaXY Film');
    expect(again(reader, 'We saw BBXY Film twice.')).toEqual([]);
    expect(again(reader, 'We saw AaXY Film twice.')).toEqual(['f0=AaXY Film']);
    const both = named('AaXY Film', 'BBXY Film');
    expect(again(both, 'We saw BBXY Film, then AaXY Film.')).toEqual(['f1=BBXY Film', 'f0=AaXY Film']);
  });

  it('finds a surface opening with a fullwidth capital, beside capitals outside the BMP', () => {
    // Ｆ (U+FF26) is one code unit, above the low surrogates' range; 𝐀 (U+1D400) is two.
    const reader = named('Ｆoxtrot Uniform');
    // A letter outside the BMP before it is no word character (as in the test above): found twice.
    expect(again(reader, 'We saw 𝐀𝐁 and Ｆoxtrot Uniform, then 𝐀Ｆoxtrot Uniform.')).toEqual([
      'f0=Ｆoxtrot Uniform',
      'f0=Ｆoxtrot Uniform',
    ]);
    // Control: after a letter it is inside a longer word.
    expect(again(reader, 'We saw xＦoxtrot Uniform.')).toEqual([]);
  });

  it('finds nothing again where the matcher already holds the title, and finds it beside that', () => {
    const reader = named('Star Wars');
    const text = 'We saw Star Wars, then Star Wars.';
    const own = { filmIds: ['f0'], start: 7, end: 16, surface: 'Star Wars' };
    expect(reader.next(block(text), [own]).map((m) => `${m.start}:${m.surface}`)).toEqual([
      '7:Star Wars',
      '23:Star Wars',
    ]);
  });
});
