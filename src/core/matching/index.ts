// Finding film titles in text. Code outside this folder imports from here.
export { capTitles, titleBytes, TITLE_LIMITS, type CappedTitles, type TitleLimit } from './cap-titles.ts';
export { wordLists } from './common-words.ts';
export { filmTie } from './film-tie.ts';
export { defaultLexicon, lexiconFrom, type Lexicon, type WordListText } from './lexicon.ts';
export type { Matcher, TextBlock, TextSpan, TitleMatch, TitleSource } from './match-types.ts';
export { compileMatcher, compileMatcherWith, compileTitles, matcherOf, type CompiledTitles } from './matcher.ts';
export { normalizeTitle } from './normalize.ts';
export { findPacked, MatchPacker, packMatches, unpackMatches, type PackedMatches } from './packed-matches.ts';
export { PageReader, readPage } from './page-reader.ts';
export {
  lexiconPrint,
  readIndex,
  storedIndexBytes,
  storeIndex,
  storeIndexSteps,
  STORED_INDEX_FORMAT,
  type ReadIndex,
  type StoredIndex,
} from './stored-index.ts';
export { DamagedBytes, pack, packedSize, packSteps, PACKED_HEAD, tailOf, unpack } from './stored-bytes.ts';
export { ShortForms, shortFormsOf } from './short-forms.ts';
export { warmUpBlocks, WARM_UP_CHARS } from './warm-up.ts';
