// What festival-goers choose on the options page. Stored as one object; anything read back
// (storage, a restored backup, a message) goes through readSettings, so a bad or old value
// becomes its default instead of breaking the card.
import { bool, checked, fail, int, obj, oneOf, reword, type Check } from './check.ts';
import { isPlainObject } from './guards.ts';

export const MODIFIER_KEYS = ['none', 'alt', 'ctrl', 'shift', 'meta'] as const;
export type ModifierKey = (typeof MODIFIER_KEYS)[number];

export const UNDERLINE_STYLES = ['dotted', 'solid', 'wavy', 'background', 'none'] as const;
export type UnderlineStyle = (typeof UNDERLINE_STYLES)[number];

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Whose clock the card and the schedule show: the festival's, the reader's, or both when they differ. */
export const ZONE_CHOICES = ['festival', 'mine', 'both'] as const;
export type ZoneChoice = (typeof ZONE_CHOICES)[number];

/** How the user gets from one venue to the next; the speeds are in src/core/plan/trips.ts. */
export const TRAVEL_MODES = ['walking', 'transit', 'car'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

/** Minutes before the start, or "leave-by": when to leave the previous venue (src/core/plan/reminders.ts). */
export const REMINDER_LEADS = ['off', '10', '30', '60', 'leave-by'] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];

export interface Settings {
  /** Milliseconds the pointer rests on a title before the card opens. */
  hoverDelay: number;
  /** A key that must be held for the card to open on hover; 'none' opens on hover alone. */
  modifierKey: ModifierKey;
  underlineStyle: UnderlineStyle;
  theme: Theme;
  /** Open the card (saying "nothing listed") for films that have no event. */
  showFilmsWithoutListings: boolean;
  timeZoneShown: ZoneChoice;
  /**
   * Register no highlight until the reader holds the key (the chosen one, Alt if none): a page
   * can list every registered range, so underlined titles tell it what the user's feeds hold.
   */
  underlineOnlyWithKey: boolean;
  /** The speed the Saved view's trips between venues are estimated at. */
  travelMode: TravelMode;
  /** When "Remind me" notifies: minutes before the start, at the time to leave, or never ('off'). */
  reminderLead: ReminderLead;
}

export const HOVER_DELAY_MIN = 0;
export const HOVER_DELAY_MAX = 2000;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  hoverDelay: 300,
  modifierKey: 'none',
  underlineStyle: 'dotted',
  theme: 'auto',
  showFilmsWithoutListings: true,
  timeZoneShown: 'both',
  underlineOnlyWithKey: false,
  travelMode: 'transit',
  reminderLead: '30',
});

/**
 * The settings that keep something from the pages the user visits, with their private value.
 * Only "Underline titles only while I hold the key": a page can list every registered highlight
 * and so learn what the user's feeds hold. The others change how things look or when the card
 * opens (the card lives in a closed shadow root), not what a page can read.
 */
export const PRIVATE_VALUES: Readonly<Partial<Settings>> = Object.freeze({ underlineOnlyWithKey: true });

/** Whether setting `name` to `value` would take a privacy setting away from its private value. */
export function lowersPrivacy(current: Settings, name: string, value: unknown): boolean {
  if (!Object.hasOwn(PRIVATE_VALUES, name)) return false;
  const key = name as keyof Settings;
  return current[key] === PRIVATE_VALUES[key] && value !== PRIVATE_VALUES[key];
}

/** The key to hold for titles to show and cards to open; 'none' when hovering alone opens the card. */
export function keyToHold(settings: Settings): ModifierKey {
  if (settings.modifierKey !== 'none' || !settings.underlineOnlyWithKey) return settings.modifierKey;
  return 'alt';
}

const SETTING_CHECKS: { readonly [K in keyof Settings]: Check<Settings[K]> } = {
  hoverDelay: reword(
    int(HOVER_DELAY_MIN, HOVER_DELAY_MAX),
    `must be a whole number of milliseconds from ${HOVER_DELAY_MIN} to ${HOVER_DELAY_MAX}`,
  ),
  modifierKey: oneOf(MODIFIER_KEYS),
  underlineStyle: oneOf(UNDERLINE_STYLES),
  theme: oneOf(THEMES),
  showFilmsWithoutListings: bool,
  timeZoneShown: oneOf(ZONE_CHOICES),
  underlineOnlyWithKey: bool,
  travelMode: oneOf(TRAVEL_MODES),
  reminderLead: oneOf(REMINDER_LEADS),
};

const isSetting = (name: string): name is keyof Settings => Object.hasOwn(SETTING_CHECKS, name);

const settingsPatch: Check<Partial<Settings>> = (value) => {
  const patch: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(obj(value, 'settings'))) {
    if (!isSetting(name)) return fail('', `unknown setting "${name.slice(0, 40)}"`);
    patch[name] = SETTING_CHECKS[name](v, name);
  }
  return patch as Partial<Settings>;
};

/** Checks a partial change; returns it typed, or a plain-words reason to refuse it. */
export const validateSettingsPatch: (value: unknown) => Partial<Settings> | string = checked(settingsPatch);

/**
 * Settings from storage or a backup: every valid field is kept, every missing or invalid one
 * takes its default, and unknown fields (from a newer release) are dropped.
 */
export function readSettings(stored: unknown): Settings {
  const settings: Settings = { ...DEFAULT_SETTINGS };
  if (!isPlainObject(stored)) return settings;
  for (const [key, value] of Object.entries(stored)) {
    const one = validateSettingsPatch({ [key]: value });
    if (typeof one !== 'string') Object.assign(settings, one);
  }
  return settings;
}

/** The ::highlight rule for the chosen underline; the page gets it as an adopted sheet, no node. */
export function underlineCss(style: UnderlineStyle, highlightName: string): string {
  const decoration: Record<UnderlineStyle, string> = {
    dotted:
      'text-decoration: underline dotted #c2410c; text-decoration-thickness: 2px; text-underline-offset: 3px; background-color: rgba(245, 158, 11, 0.14);',
    solid:
      'text-decoration: underline solid #c2410c; text-decoration-thickness: 2px; text-underline-offset: 3px; background-color: transparent;',
    wavy: 'text-decoration: underline wavy #c2410c; text-decoration-thickness: 1px; text-underline-offset: 3px; background-color: transparent;',
    background: 'text-decoration: none; background-color: rgba(245, 158, 11, 0.28);',
    none: 'text-decoration: none; background-color: transparent;',
  };
  return `::highlight(${highlightName}) { ${decoration[style]} }`;
}
