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

/**
 * The locale of the catalog in use, for Intl formatting of dates, times, numbers and plurals.
 * The browser may fall back to another catalog than its UI language (a German browser reads
 * the English catalog), and dates must speak the language of the words around them; the UI
 * language's region is kept when it is the same language (en-GB dates for an en-GB browser).
 */
export function uiLocale(): string {
  const catalogLocale = api()?.getMessage('localeTag') || 'en';
  const browserLocale = api()?.getUILanguage() ?? '';
  const sameLanguage = browserLocale.toLowerCase().split(/[-_]/)[0] === catalogLocale.toLowerCase();
  return sameLanguage ? browserLocale.replace('_', '-') : catalogLocale;
}

/**
 * The message for a count: `key_one`, `key_other` (and any other CLDR category the catalog
 * defines: `_zero`, `_two`, `_few`, `_many`), chosen by Intl.PluralRules in the catalog's
 * locale. $1 is the count, formatted for that locale; further substitutions follow it.
 */
export function plural(key: string, count: number, ...substitutions: Array<string | number>): string {
  const locale = uiLocale();
  const category = new Intl.PluralRules(locale).select(count);
  const subs = [new Intl.NumberFormat(locale).format(count), ...substitutions];
  const text =
    api()?.getMessage(`${key}_${category}`, subs.map(String)) || api()?.getMessage(`${key}_other`, subs.map(String));
  return text || `${key}_other`;
}
