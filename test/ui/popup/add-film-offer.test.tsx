// @vitest-environment happy-dom
// #26.9: "Add “X” to my films" adds the title alone; the page's other names only when ticked.
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { AddFilmOffer } from '../../../src/ui/popup/add-film-offer.tsx';
import { mount } from '../mount.ts';

const FILM = { title: 'Midnight Harbour', aliases: ['Port de minuit', 'Hafen'], year: 2025, directors: [] };

describe('adding a film a page names', () => {
  it('adds only the title unless the user ticks the other names shown', async () => {
    const onAdd = vi.fn();
    const el = mount(<AddFilmOffer film={FILM} state="idle" onAdd={onAdd} />);
    const boxes = [...el.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(boxes.map((box) => [box.parentElement?.textContent?.trim(), box.checked])).toEqual([
      ['Port de minuit', false],
      ['Hafen', false],
    ]);
    const button = el.querySelector('button')!;
    expect(button.textContent).toBe('Add “Midnight Harbour” to my films');
    await act(async () => button.click());
    expect(onAdd).toHaveBeenLastCalledWith({ ...FILM, aliases: [] });
    // Positive control: a ticked name is added.
    await act(async () => {
      boxes[0]!.checked = true;
      boxes[0]!.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => button.click());
    expect(onAdd).toHaveBeenLastCalledWith({ ...FILM, aliases: ['Port de minuit'] });
  });

  it('shows no list for a film the page gives no other name', () => {
    const el = mount(<AddFilmOffer film={{ ...FILM, aliases: [] }} state="idle" onAdd={vi.fn()} />);
    expect(el.querySelectorAll('input[type=checkbox]')).toHaveLength(0);
    expect(el.querySelector('button')).not.toBeNull();
  });
});
