import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, vi } from 'vitest';

let root: HTMLElement | null = null;

/** Renders a component into the document; unmounted (and mocks restored) after each test. */
export function mount(node: ComponentChild): HTMLElement {
  root = document.createElement('div');
  document.body.append(root);
  act(() => render(node, root!));
  return root;
}

afterEach(() => {
  vi.restoreAllMocks();
  if (!root) return;
  render(null, root);
  root.remove();
  root = null;
});
