// A calendar's VEVENTs grouped by UID: each master becomes an event to read, a VEVENT with a
// RECURRENCE-ID overrides one occurrence of its master, and one without a date the calendar
// gives is kept with its date not announced.
import ICAL from 'ical.js';
import type { ProblemList } from '../feed/index.ts';
import { errorText } from '../error-text.ts';
import { passOverrun } from './budget.ts';
import { oneLine } from './fields.ts';
import { fnv } from './occurrence.ts';
import { unboundedReason, type Draft } from './recurrence.ts';
import { markedProperty, UNREADABLE } from './repair.ts';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

// Its value names a physical line, which must not change an event's identity.
const UNREADABLE_PROPERTY = UNREADABLE.toLowerCase();

/** A VEVENT where the file has it: "VEVENT[3]", for problems. */
export interface Placed {
  uid: string;
  component: Component;
  at: string;
}

export interface VeventGroups {
  /** The events to read, each master with its overrides related. */
  masters: Map<string, Draft>;
  /** The overrides (RECURRENCE-ID): their dates belong to the calendar's span. */
  exceptions: Placed[];
  /** Events without a date the calendar gives. */
  undated: Map<string, Placed>;
}

/** VEVENTs of the calendar, those inside a producer's own components included (without recursion). */
export function veventsOf(calendar: Component): Component[] {
  const found: Component[] = [];
  const stack = [...calendar.getAllSubcomponents()].reverse();
  while (stack.length > 0) {
    const component = stack.pop()!;
    if (component.name === 'vevent') found.push(component);
    else if (component.name !== 'vtimezone') stack.push(...[...component.getAllSubcomponents()].reverse());
  }
  return found;
}

/**
 * RFC 5545 lets DTSTART go only with a METHOD, but an event given by RDATEs alone
 * (rfc_5545_RDATE_example.ics) starts at its first: that one becomes DTSTART (a PERIOD's end its DTEND).
 */
function startFromRdate(vevent: Component): boolean {
  const first = vevent.getFirstProperty('rdate');
  const value = first?.getFirstValue() as { start?: Time; end?: Time | null; duration?: unknown } | Time | null;
  if (!first || !value) return false;
  const tzid = first.getParameter('tzid');
  const period = 'start' in value && value.start ? value : null;
  const start = period ? period.start! : (value as Time);
  const dtstart = vevent.addPropertyWithValue('dtstart', start);
  if (typeof tzid === 'string') dtstart.setParameter('tzid', tzid);
  if (period && !vevent.hasProperty('dtend') && !vevent.hasProperty('duration')) {
    const end = period.end ?? (period.duration ? start.clone() : null);
    if (end && !period.end && period.duration) end.addDuration(period.duration as InstanceType<typeof ICAL.Duration>);
    if (end) {
      const dtend = vevent.addPropertyWithValue('dtend', end);
      if (typeof tzid === 'string') dtend.setParameter('tzid', tzid);
    }
  }
  const values = first.getValues();
  if (values.length <= 1) vevent.removeProperty(first);
  else first.setValues(values.slice(1));
  return true;
}

function dateOf(component: Component, name: string): string {
  const value = component.getFirstProperty(name)?.toICALString() ?? '';
  return value.slice(value.lastIndexOf(':') + 1).slice(0, 40);
}

/** Without a UID, an event is known by its own properties. */
export function uidOf(vevent: Component): string {
  const uidRaw = vevent.getFirstPropertyValue('uid');
  if (typeof uidRaw === 'string' && uidRaw.trim()) return uidRaw.trim();
  // Its jCal (`[name, properties, components]`) minus the components, whose nesting the budget
  // bounds but a recursive toString() would not survive.
  return `no-uid-${fnv(JSON.stringify((vevent.jCal[1] as unknown[][]).filter((p) => p[0] !== UNREADABLE_PROPERTY)))}`;
}

export function groupByUid(vevents: Component[], problems: ProblemList): VeventGroups {
  const masters = new Map<string, Draft>();
  const exceptions: Placed[] = [];
  const undated = new Map<string, Placed>();
  vevents.forEach((vevent, i) => {
    const at = `VEVENT[${i}]`;
    const uid = uidOf(vevent);
    let unbounded: string | null;
    try {
      unbounded = unboundedReason(vevent, problems, at);
    } catch (error) {
      passOverrun(error);
      unbounded = `could not be read (${errorText(error, 100)}); skipped`;
    }
    if (unbounded) return problems.add(at, unbounded);
    const marks = vevent.getAllProperties(UNREADABLE_PROPERTY).map((p) => String(p.getFirstValue()));
    vevent.removeAllProperties(UNREADABLE_PROPERTY);
    const marked = (name: string) => marks.find((m) => markedProperty(m) === name);
    const fatal = marks.find((m) => !['DTSTART', 'RRULE'].includes(markedProperty(m)));
    if (fatal) return problems.add(at, `its ${fatal} could not be read; this event was skipped`);
    const unreadable = marked('DTSTART');
    const rule = marked('RRULE');
    if (vevent.hasProperty('recurrence-id')) return void exceptions.push({ uid, component: vevent, at });
    if (masters.has(uid) || undated.has(uid))
      return problems.add(`${at}.UID`, `UID "${uid.slice(0, 60)}" is used twice; this event was skipped`);
    // No date the calendar gives: the event is kept with its date not announced (as a feed's
    // `start: null`), never placed on a day we would have to pick.
    if (unreadable || (!vevent.hasProperty('dtstart') && !startFromRdate(vevent))) {
      if (!oneLine(vevent.getFirstPropertyValue('summary'), 300))
        return problems.add(at, 'has neither a DTSTART nor a SUMMARY: nothing to show; skipped');
      problems.add(
        at,
        unreadable
          ? `its ${unreadable} could not be read; kept with its date not announced`
          : 'has no DTSTART; kept with its date not announced',
      );
      return void undated.set(uid, { uid, component: vevent, at });
    }
    // DTSTART is the first occurrence (RFC 5545 §3.8.5.3): without its rule, the event is that one.
    if (rule) problems.add(at, `its ${rule} could not be read; only its first date was read`);
    try {
      // Overrides are related below: handing `exceptions` stops ical.js scanning every VEVENT
      // of the calendar for each one (quadratic: 10,000 events took about 7 s).
      masters.set(uid, { uid, master: new ICAL.Event(vevent, { exceptions: [] }), at });
    } catch (error) {
      passOverrun(error);
      problems.add(at, `could not be read (${errorText(error, 100)}); skipped`);
    }
  });
  for (const placed of exceptions) relate(placed, masters, problems);
  return { masters, exceptions, undated };
}

function relate({ uid, component, at }: Placed, masters: Map<string, Draft>, problems: ProblemList): void {
  try {
    const master = masters.get(uid)?.master;
    if (master) master.relateException(component);
    // An override without its master (an invitation to one occurrence) is an event of its own:
    // one occurrence, so any rule it carries is dropped (RFC 5545 §3.8.4.4: it names one instance).
    else if (component.hasProperty('dtstart')) {
      const single = new ICAL.Component(component.toJSON());
      for (const name of ['rrule', 'rdate', 'exdate']) single.removeAllProperties(name);
      masters.set(`${uid}#${at}`, {
        uid: `${uid}/${dateOf(component, 'recurrence-id')}`,
        series: uid,
        master: new ICAL.Event(single, { exceptions: [] }),
        at,
      });
    } else
      problems.add(
        at,
        'changes one occurrence (RECURRENCE-ID) of an event this calendar does not hold, and has no DTSTART of its own; skipped',
      );
  } catch (error) {
    passOverrun(error);
    problems.add(`UID ${uid.slice(0, 60)}`, 'has an override that could not be read; it was ignored');
  }
}
