// Injected into the top frame on demand by the popup's "Events on this page"
// (scripting.executeScript), rather than carried by the content script into every page and
// frame: it is a sixth of the content bundle and only the popup ever asks for it. The build
// wraps this module in `afterpartySnapshot` (a global of the extension's isolated world, never
// the page's) and ends the file with a call whose value is the script's result.
export { snapshotPage } from './page-snapshot.ts';
