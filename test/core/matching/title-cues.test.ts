// Layout and wording that say an everyday word is a title where its case cannot (title-cues.ts),
// each case beside a control the cue must not reach.
import { describe, expect, it } from 'vitest';
import { compileMatcher, type TextSpan, type TitleSource } from '../../../src/core/matching/matcher.ts';

const film = (id: string, title: string): TitleSource => ({ id, title, aliases: [], year: null, directors: [] });

const matcher = compileMatcher([
  film('amour', 'Amour'),
  film('burning', 'Burning'),
  film('others', 'The Others'),
  film('home', 'Home'),
  film('juno', 'Juno'),
  film('changeling', 'Changeling'),
]);

const found = (text: string, marks?: TextSpan[]): string[] =>
  matcher.find({ text, marks }).map((m) => `${m.filmIds.join('+')}=${m.surface}`);

describe('title cues', () => {
  it.each<[string, string, string[]]>([
    ['a possessive name', "HANEKE'S AMOUR TAKES THE PALME", ['amour=AMOUR']],
    ['a possessive in a title-case headline', "Haneke's Amour Returns to Cinemas", ['amour=Amour']],
    ['a plural possessive', "the Coens' Burning Question", ['burning=Burning']],
    ['no possessive: a name run in capitals', 'AMOUR TAKES THE PALME', []],
    ['a year in brackets', '9. Burning (2018)', ['burning=Burning']],
    ['a director in brackets at a sentence start', 'Burning (Lee Chang-dong) is long.', ['burning=Burning']],
    ['credits, not a room, in brackets', 'Burning (Screen 1) is sold out.', []],
    ['a list entry with its country', 'Burning (Korea) — Lee Chang-dong', ['burning=Burning']],
    ['one word in brackets mid-sentence is not credits', 'HE SAW BURNING (AGAIN) LAST NIGHT', []],
    [
      'a ranked entry after another',
      'TOP 3: 1. AMOUR 2. BURNING 3. JUNO',
      ['amour=AMOUR', 'burning=BURNING', 'juno=JUNO'],
    ],
    ['a number ending a sentence is not a rank', 'It was in chapter 3. Burning papers followed.', []],
    ['a programme line between dashes', 'Fri 3 Nov, 18:00 — Amour — Cinema 1', ['amour=Amour']],
    ['a table cell', 'Burning', ['burning=Burning']],
    ['a label and its winner', 'Screenplay: Changeling, Dustin Lance Black', ['changeling=Changeling']],
    ['a caption opening with the title', 'BURNING — Yoo Ah-in at the screening.', ['burning=BURNING']],
    ['a sentence opening with the word', 'Changeling, the word, trends briefly.', []],
    ['a clock time is not a label', 'DOORS AT 18:00 BURNING STARTS LATER', []],
    ['a programme line opening with a clock time', '21:30 The Others, Bloor Cinema', ['others=The Others']],
    ['a headline in title case', 'Having a Good Time With The Others at the Festival', []],
    ["an event's title, a title with a word before it", 'Dinner for The Others', ['others=The Others']],
    ['an event with its guests', 'For The Others, with Mike Leigh.', ['others=The Others']],
    ['a possessive in a headline in title case', "Amenábar's The Others Returns to Cinemas", ['others=The Others']],
    ['a list item after a comma', 'Best Film: Juno, Amour', ['juno=Juno', 'amour=Amour']],
    ['a clause after a comma', 'HE WAS LATE, BURNING WITH RAGE AT THE DELAY', []],
    ['lower case stays prose in a list', 'Fri — burning — hot', []],
    ['capitals that set a title off in lower-case text', 'the winner was THE OTHERS, again', ['others=THE OTHERS']],
    ['a headline in capitals with no cue', 'WHY THE OTHERS STILL WORKS', []],
    ['a name in a run of capitals', 'INSIDE THE JUNO CAR SHOW', ['juno=JUNO']],
    ['a word for a film before', 'SEQUEL TO THE OTHERS SHOOTS IN SPAIN', ['others=THE OTHERS']],
    ['a sequel number after', 'Emily Blunt Will Return for The Others Part III', ['others=The Others']],
    ['no film word, no number', 'Emily Blunt Will Return for The Others in Spain', []],
    [
      'what a film does, at a sentence start',
      'Changeling won nothing. Burning opened the festival.',
      ['changeling=Changeling', 'burning=Burning'],
    ],
    ['what a word does, at a sentence start', 'Changeling was the word. Burning hurt.', []],
    ['a word for a film just after', 'Burning itself, Lee’s film about a fire, screens once.', ['burning=Burning']],
    ['a hyphenated compound before a film word', 'Burning-hot screenings all week.', []],
    ['a film word past the sentence', 'Burning. The screening was late.', []],
    ['a quoted name introduced as a name', 'the barman, who calls himself “Juno” on his badge', []],
    ['a name known as one', 'a hacker known as "Juno" signs the letters', []],
    ['the same quotes around a title', 'the barman, who loves “Juno”, poured us a drink', ['juno=Juno']],
  ])('%s', (_label, text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('takes a link set apart by separators for navigation, and the same words in plain text for a programme', () => {
    const text = 'Festival Hub © 2008 · Home';
    const at = text.indexOf('Home');
    expect(found(text, [{ start: at, end: at + 4, link: true }])).toEqual([]);
    expect(found(text)).toEqual(['home=Home']);
  });
});
