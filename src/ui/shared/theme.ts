import type { Theme } from '../../core/settings.ts';

/** Applies the chosen theme to an extension page; 'auto' follows the system (pages.css). */
export function applyTheme(doc: Document, theme: Theme): void {
  if (theme === 'auto') doc.documentElement.removeAttribute('data-theme');
  else doc.documentElement.setAttribute('data-theme', theme);
}
