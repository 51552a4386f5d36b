// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { changedRoots, composedContains, MutationRescan, outermost } from '../../src/content/mutation-rescan.ts';
import { IGNORE_ATTRIBUTE } from '../../src/content/text-extract.ts';

const settle = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('which blocks a mutation asks to rescan', () => {
  it('rescans an added paragraph alone and the block around changed inline text', () => {
    document.body.innerHTML = '<article id="a"><p id="p">Hello <b>there</b></p></article>';
    const article = document.getElementById('a') as HTMLElement;
    const p = document.getElementById('p') as HTMLElement;
    const added = document.createElement('p');
    const fakeAdd = {
      type: 'childList',
      target: article,
      addedNodes: [added],
      removedNodes: [],
    } as unknown as MutationRecord;
    article.append(added);
    expect([...changedRoots([fakeAdd])]).toEqual([added]);
    const text = p.querySelector('b')?.firstChild as Text;
    expect([
      ...changedRoots([
        { type: 'characterData', target: text, addedNodes: [], removedNodes: [] } as unknown as MutationRecord,
      ]),
    ]).toEqual([p]);
  });

  it('judges removed and added nodes by the block tags the text walk uses', () => {
    document.body.innerHTML = '<table><tr id="row"><th id="th">Crash</th><td>x</td></tr></table><p id="p">a<br>b</p>';
    const row = document.getElementById('row') as HTMLElement;
    const p = document.getElementById('p') as HTMLElement;
    const th = document.getElementById('th') as HTMLElement;
    const br = p.querySelector('br') as HTMLElement;
    const record = (target: Node, added: Node[], removed: Node[]) =>
      ({ type: 'childList', target, addedNodes: added, removedNodes: removed }) as unknown as MutationRecord;
    // A removed header cell took its own block with it (it was a rescan of its row before the lists were one).
    th.remove();
    expect(changedRoots([record(row, [], [th])]).size).toBe(0);
    // A removed br joins the text on either side of it, an added hr splits it: the paragraph is rescanned.
    br.remove();
    expect([...changedRoots([record(p, [], [br])])]).toEqual([p]);
    const hr = document.createElement('hr');
    p.append(hr);
    expect([...changedRoots([record(p, [hr], [])])]).toEqual([p]);
  });

  it('ignores our own card host coming and going', () => {
    const host = document.createElement('div');
    host.setAttribute(IGNORE_ATTRIBUTE, '');
    const record = {
      type: 'childList',
      target: document.documentElement,
      addedNodes: [host],
      removedNodes: [],
    } as unknown as MutationRecord;
    expect(changedRoots([record]).size).toBe(0);
  });

  it('keeps only the outermost roots, across shadow boundaries', () => {
    document.body.innerHTML = '<div id="outer"><p id="inner">x</p></div><div id="host"></div>';
    const outer = document.getElementById('outer') as HTMLElement;
    const inner = document.getElementById('inner') as HTMLElement;
    const host = document.getElementById('host') as HTMLElement;
    const shadow = host.attachShadow({ mode: 'open' });
    const deep = document.createElement('p');
    shadow.append(deep);
    expect(outermost([inner, outer, deep])).toEqual([outer, deep]);
    expect(outermost([deep, host])).toEqual([host]);
    expect(composedContains(host, deep)).toBe(true);
    expect(composedContains(outer, deep)).toBe(false);
  });
});

describe('the debounced watcher', () => {
  it('rescans once after a burst of changes, not once per change', async () => {
    document.body.innerHTML = '<div id="list"></div>';
    const list = document.getElementById('list') as HTMLElement;
    const calls: Node[][] = [];
    const controller = new AbortController();
    const watcher = new MutationRescan(async (roots) => void calls.push(roots), controller.signal);
    watcher.watch(document);
    for (let i = 0; i < 50; i++) {
      const p = document.createElement('p');
      p.textContent = `post ${i}`;
      list.append(p);
    }
    await settle(400);
    await watcher.settled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(50);
    controller.abort();
    list.append(document.createElement('p'));
    await settle(400);
    expect(calls).toHaveLength(1);
  });
});
