// Unit tests run outside a browser: give t() the English catalog the build would ship.
import { loadCatalog } from '../../scripts/locales.mjs';

const catalog = (await loadCatalog(process.cwd(), 'en')) as Record<string, { message: string }>;

function getMessage(name: string, substitutions?: string | string[]): string {
  const subs = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []);
  const message = catalog[name]?.message ?? '';
  return message.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}

(globalThis as { chrome?: unknown }).chrome = { i18n: { getMessage, getUILanguage: () => 'en' } };
