import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export interface TabSpec<K extends string> {
  key: K;
  label: string;
}

/**
 * WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab stop, arrow keys,
 * Home and End move between tabs and select them.
 */
export function ViewTabs<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
  focusPanel = false,
  children,
}: {
  tabs: TabSpec<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
  /** Start with focus on the panel, so the first Tab reaches the view's content (the popup's first view). */
  focusPanel?: boolean;
  children: ComponentChildren;
}) {
  const list = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusPanel) panel.current?.focus({ preventScroll: true });
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.key === selected);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(tab.key);
    list.current?.querySelector<HTMLElement>(`#tab-${tab.key}`)?.focus();
  };
  return (
    <>
      <div class="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            type="button"
            role="tab"
            id={`tab-${tab.key}`}
            key={tab.key}
            aria-selected={tab.key === selected}
            aria-controls={`panel-${tab.key}`}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        class="panel"
        role="tabpanel"
        id={`panel-${selected}`}
        aria-labelledby={`tab-${selected}`}
        tabIndex={0}
        ref={panel}
      >
        {children}
      </div>
    </>
  );
}
