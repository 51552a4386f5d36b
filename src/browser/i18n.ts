// Every user-visible string goes through t(): the browser picks the catalog
// (_locales/<lang>/messages.json, built from src/locales/<lang>/*.json).
interface I18nApi {
  getMessage(name: string, substitutions?: string | string[]): string;
  getUILanguage(): string;
}

function api(): I18nApi | undefined {
  const scope = globalThis as { browser?: { i18n?: I18nApi }; chrome?: { i18n?: I18nApi } };
  return scope.browser?.i18n ?? scope.chrome?.i18n;
}

/** The message for `key`, with $1…$9 replaced; the key itself if the catalog lacks it, so a gap shows. */
export function t(key: string, ...substitutions: Array<string | number>): string {
  const text = api()?.getMessage(key, substitutions.map(String));
  return text || key;
}

/** The UI language, for Intl formatting of dates and times. */
export function uiLocale(): string {
  return api()?.getUILanguage() ?? 'en';
}
