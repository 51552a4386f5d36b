// The title of an event, and where it came from. Many events carry no `name` of their own: an
// artist's list of dated gigs, the sub-events of a programme, a broadcast of an episode, and,
// for a film extension the sharpest case, a cinema's ScreeningEvent that names only its film.
// They are titled after the film, the performer or the parent event, in that order (issue 18),
// and the offer says which, so the user can rename it. With none of those (a broadcast of an
// episode that has only a number) the event is still offered, with its times, and the user
// names it: a name is never made up.

import { isPlainObject, own, type JsonRecord } from '../guards.ts';
import type { FoundEvent } from './jsonld-parse.ts';
import { first, list, text, TEXT_MAX } from './jsonld-values.ts';

/** Where a draft's title comes from: its own name, the film, performer or parent event it names, or nowhere. */
export type TitleSource = 'name' | 'work' | 'performer' | 'parent' | 'none';

const nameOf = (value: unknown) => {
  const v = first(value);
  return isPlainObject(v) ? (text(own(v, 'name'), TEXT_MAX.title) ?? text(own(v, 'headline'), TEXT_MAX.title)) : null;
};

/** The first named work of `workPresented` (or `workFeatured`). */
function workName(node: JsonRecord): string | null {
  for (const key of ['workPresented', 'workFeatured']) {
    for (const work of list(own(node, key), 10)) {
      const name = isPlainObject(work) ? nameOf(work) : text(work, TEXT_MAX.title);
      if (name) return name;
    }
  }
  return null;
}

function performerName(node: JsonRecord): string | null {
  for (const key of ['performer', 'performers']) {
    for (const p of list(own(node, key), 5)) {
      const name = isPlainObject(p) ? nameOf(p) : text(p, TEXT_MAX.title);
      if (name) return name;
    }
  }
  return null;
}

// The holder names the event when the event is one of its dates: an artist's `event` list is
// the performer's, an episode's or a release's `publication` presents that work.
const HELD_AS_PERFORMER = new Set(['event', 'events']);
const HELD_AS_WORK = new Set(['publication', 'releasedEvent', 'hasCourseInstance', 'workPerformed']);

export function titleOf({ node, parent, holder }: FoundEvent): { title: string | null; titleFrom: TitleSource } {
  const own_ = text(own(node, 'name'), TEXT_MAX.title) ?? text(own(node, 'headline'), TEXT_MAX.title);
  if (own_) return { title: own_, titleFrom: 'name' };
  const work = workName(node) ?? (holder && HELD_AS_WORK.has(holder.via) ? nameOf(holder.node) : null);
  if (work) return { title: work, titleFrom: 'work' };
  const performer = performerName(node) ?? (holder && HELD_AS_PERFORMER.has(holder.via) ? nameOf(holder.node) : null);
  if (performer) return { title: performer, titleFrom: 'performer' };
  const parentName = (parent ? nameOf(parent) : null) ?? nameOf(own(node, 'superEvent'));
  if (parentName) return { title: parentName, titleFrom: 'parent' };
  return { title: null, titleFrom: 'none' };
}
