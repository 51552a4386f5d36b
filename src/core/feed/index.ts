// Feed format v1: parsing, validation and merging listings. Code outside this folder imports from here.
export { checkDate, checkDateOrDateTime, YEAR_MAX, YEAR_MIN } from './dates.ts';
export { capLength, checkUrl, cleanText, type FeedProblem, ProblemList, URL_MAX } from './fields.ts';
export { isFilmYear, readEvent, readFilm } from './items.ts';
export { mergeListings } from './merge.ts';
export { parseFeed } from './parse.ts';
export { feedOrigin, type FeedOrigin } from './feed-origin.ts';
export { feedUrlFromLink, isWebcalLink } from './webcal.ts';
export { DEFAULT_FEED_ID, feedIdOf, normalizeFeedAddress, rekey } from './feed-id.ts';
export { mergeSaved, rekeyFeedRow, rekeyRecord, rekeyUserEvent } from './rekey-rows.ts';
export { attachSaved, type AttachContext, type Attached } from './attach-saved.ts';
export { isPrivateHost, webcalOffer, type WebcalOffer } from './webcal-offer.ts';
export { feedAddress, isLoopbackHost, withScheme, type FeedAddress } from './feed-address.ts';
export { discoverFeeds, DISCOVER_MAX_CHARS, DISCOVER_MAX_FOUND, type FoundFeed } from './discover.ts';
