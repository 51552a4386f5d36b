// Events published in pages (JSON-LD, microdata). Code outside this folder imports from here.
export { type MicrodataItem, type PageEventDraft, type PageSnapshot, readPageEvents } from './jsonld-events.ts';
export { JSONLD_LIMITS } from './jsonld-parse.ts';
export { MICRODATA_LIMITS } from './microdata-events.ts';
