// Events published in pages (JSON-LD, microdata, RDFa Lite). Code outside this folder imports from here.
export {
  type MicrodataItem,
  type PageEventDraft,
  type PageEventNote,
  type JsonRepair,
  type JsonSkipReason,
  type SkippedScript,
  type PageEventsReport,
  type PageSnapshot,
  type PageStatus,
  type SkippedEvent,
  readPageEvents,
  readPageEventsReport,
} from './jsonld-events.ts';
export { JSONLD_LIMITS } from './jsonld-parse.ts';
export { MICRODATA_LIMITS } from './microdata-events.ts';
export { PAGE_TEXT_LIMITS } from './page-text.ts';
