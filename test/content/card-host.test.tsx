// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardHost } from '../../src/content/card-host.tsx';
import { IGNORE_ATTRIBUTE } from '../../src/content/text-extract.ts';
import type { CardProps } from '../../src/ui/card/card.tsx';
import { event, festival, film } from '../ui/fixtures.ts';

const anchor = { left: 10, top: 10, right: 110, bottom: 30 };
const props = { listings: [], festivals: [], surface: 'Juno', error: null };
const settle = () => new Promise((done) => setTimeout(done, 0));
const hostsOnPage = () => document.querySelectorAll(`[${IGNORE_ATTRIBUTE}]`);

afterEach(() => {
  vi.restoreAllMocks();
  for (const host of hostsOnPage()) host.remove();
});

/** A card host whose closed root the test can reach (as CDP's pierce does in the browser tests). */
function openCard(onTampered = () => undefined): { card: CardHost; root: ShadowRoot; onClose: () => void } {
  const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow');
  const onClose = vi.fn();
  const card = new CardHost(document, onTampered);
  card.show(anchor, { ...props, onClose });
  const root = attach.mock.results.at(-1)!.value as ShadowRoot;
  return { card, root, onClose };
}

describe('the card host', () => {
  it('is a built-in element, which no custom-element definition of the page can upgrade', () => {
    const upgraded = vi.fn();
    for (const name of ['afterparty-card', 'afterparty-host', 'ap-card'])
      customElements.define(
        name,
        class extends HTMLElement {
          constructor() {
            super();
            upgraded(name);
          }
        },
      );
    const { card } = openCard();
    const [host] = hostsOnPage();
    expect(card.isOpen).toBe(true);
    expect(host!.localName).not.toContain('-');
    expect(host!.parentNode).toBe(document.documentElement);
    expect(upgraded).not.toHaveBeenCalled();
  });

  it('closes when anything but us changes the host’s attributes, and uses a fresh host next time', async () => {
    const onTampered = vi.fn();
    const { card } = openCard(onTampered);
    const [first] = hostsOnPage() as unknown as HTMLElement[];
    // Positive control: our own re-placement is not tampering.
    card.move({ ...anchor, top: 50, bottom: 70 });
    await settle();
    expect(card.isOpen).toBe(true);
    first!.style.setProperty('opacity', '0', 'important');
    await settle();
    expect(card.isOpen).toBe(false);
    expect(onTampered).toHaveBeenCalledTimes(1);
    expect(first!.isConnected).toBe(false);
    card.show(anchor, props);
    const [second] = hostsOnPage();
    expect(second).not.toBe(first);
    expect(card.isOpen).toBe(true);
  });

  it('closes when the page moves the host, and comes back on <html> next time', async () => {
    const onTampered = vi.fn();
    const { card } = openCard(onTampered);
    const [host] = hostsOnPage();
    const box = document.createElement('div');
    document.body.append(box);
    box.append(host!);
    await settle();
    expect(card.isOpen).toBe(false);
    expect(onTampered).toHaveBeenCalledTimes(1);
    card.show(anchor, props);
    expect(hostsOnPage()[0]!.parentNode).toBe(document.documentElement);
    box.remove();
  });

  it('drops events a script dispatches inside the card', () => {
    const { root, onClose } = openCard();
    const close = root.querySelector<HTMLButtonElement>('.ap-close')!;
    const keys = vi.fn();
    close.addEventListener('keydown', keys);
    close.click();
    close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onClose).not.toHaveBeenCalled();
    expect(keys).not.toHaveBeenCalled();
    // Positive control: the same key, trusted, reaches the button.
    const real = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true });
    Object.defineProperty(real, 'isTrusted', { value: true });
    close.dispatchEvent(real);
    expect(keys).toHaveBeenCalledTimes(1);
  });

  it('lets through the click on its own temporary download link ("Add to calendar")', () => {
    const { root } = openCard();
    const link = document.createElement('a');
    link.href = 'blob:https://example.org/1';
    link.download = 'event.ics';
    const clicked = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener('click', clicked);
    root.append(link);
    link.click();
    expect(clicked).toHaveBeenCalledTimes(1);
    // Any other link a script clicks is stopped.
    link.removeAttribute('download');
    link.click();
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('keeps its place and its body’s scroll when its content changes, and starts at the top when opened afresh', () => {
    const { card, root } = openCard();
    const host = () => hostsOnPage()[0]!.getAttribute('style');
    const body = () => root.querySelector<HTMLElement>('.ap-card-body')!;
    const placed = host();
    body().scrollTop = 120;
    // After "Going": new content, the same place and scroll.
    card.update({ ...props, surface: 'Juno (2007)' });
    expect(root.querySelector('#ap-card-title')?.textContent).toContain('Juno (2007)');
    expect(body().scrollTop).toBe(120);
    expect(host()).toBe(placed);
    // Opened for a title afresh: from the top.
    card.show(anchor, props);
    expect(body().scrollTop).toBe(0);
  });

  it('puts focus in the scrolling body when opened from the keyboard', () => {
    const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow');
    const card = new CardHost(document);
    card.show(anchor, props, { focus: true });
    const root = attach.mock.results.at(-1)!.value as ShadowRoot;
    expect(root.activeElement).toBe(root.querySelector('.ap-card-body'));
    expect(card.hasFocus).toBe(true);
  });

  describe('shown after it was prerendered', () => {
    const NOW = Date.parse('2027-09-10T12:00:00-04:00');
    const soon = event('soon', { start: '2027-09-10T12:30:00-04:00', end: '2027-09-10T13:00:00-04:00' });
    const listings = [{ film, events: [soon] }];
    const festivals = [festival];
    const saved = new Map();
    const onSave = () => undefined;
    const onClose = () => undefined;
    const ahead = (): CardProps => ({
      listings,
      festivals,
      surface: 'Fugitive Pieces',
      error: null,
      saved,
      onSave,
      now: NOW,
      onClose,
    });
    // Card calls filmActions once per film on every draw: a count of draws.
    function prerendered(first: CardProps) {
      const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow');
      const card = new CardHost(document);
      const draws = vi.fn(() => null);
      card.prerender({ ...first, filmActions: draws });
      const root = attach.mock.results.at(-1)!.value as ShadowRoot;
      expect(draws).toHaveBeenCalledTimes(1);
      return { card, root, draws };
    }
    const badge = (root: ShadowRoot) => root.querySelector(`[data-event-key="${soon.key}"] .ap-badge`)?.textContent;

    it('is only attached and placed when its content is the same, a little later', () => {
      const { card, root, draws } = prerendered(ahead());
      card.show(anchor, { ...ahead(), filmActions: draws, now: NOW + 60_000 });
      expect(card.isOpen).toBe(true);
      expect(draws).toHaveBeenCalledTimes(1);
      expect(root.querySelector('.ap-film-title')?.textContent).toBe('Fugitive Pieces');
      // Positive control: opened afresh after closing, it is drawn.
      card.close();
      card.show(anchor, { ...ahead(), filmActions: draws });
      expect(draws).toHaveBeenCalledTimes(2);
    });

    it('is drawn again with the data of the show when that changed', () => {
      const { card, root, draws } = prerendered(ahead());
      expect(root.querySelector('[aria-pressed="true"]')).toBeNull();
      card.show(anchor, { ...ahead(), filmActions: draws, saved: new Map([[soon.key, 'going' as const]]) });
      expect(draws).toHaveBeenCalledTimes(2);
      expect(root.querySelector(`[data-event-key="${soon.key}"] [aria-pressed="true"]`)?.textContent).toContain(
        'Going',
      );
    });

    it('is drawn again at the time of the show when an event ended in between', () => {
      const { card, root, draws } = prerendered(ahead());
      expect(badge(root)).toBeUndefined();
      card.show(anchor, { ...ahead(), filmActions: draws, now: Date.parse('2027-09-10T13:30:00-04:00') });
      expect(draws).toHaveBeenCalledTimes(2);
      expect(badge(root)).toBe('Over');
    });
  });
});
