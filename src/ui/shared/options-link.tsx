// A link to the options page, from the popup and the first-run page alike: it opens them with
// runtime.openOptionsPage, which reuses their tab if one is open.
import type { ComponentChildren } from 'preact';
import { openOptionsPage } from '../../browser/extension-pages.ts';

/** `children` are its words. */
export function OptionsLink({ children, class: className }: { children: ComponentChildren; class: string }) {
  return (
    <a
      href="options.html"
      class={className}
      onClick={(event) => {
        event.preventDefault();
        void openOptionsPage();
      }}
    >
      {children}
    </a>
  );
}
