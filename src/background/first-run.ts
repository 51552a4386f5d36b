// The first-run page (welcome.html) opens once, when Afterparty is installed: an update of
// Afterparty or of the browser (onInstalled's other reasons) opens nothing.
export const WELCOME_PAGE = 'welcome.html';

export function opensFirstRun(reason: string): boolean {
  return reason === 'install';
}
