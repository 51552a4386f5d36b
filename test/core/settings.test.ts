import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  keyToHold,
  readSettings,
  underlineCss,
  validateSettingsPatch,
} from '../../src/core/settings.ts';

describe('settings', () => {
  it('defaults every field', () => {
    expect(readSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      hoverDelay: 300,
      modifierKey: 'none',
      theme: 'auto',
      timeZoneShown: 'both',
      showFilmsWithoutListings: true,
      underlineOnlyWithKey: false,
    });
  });

  it('keeps valid stored fields, defaults invalid ones and drops unknown ones', () => {
    const read = readSettings({ hoverDelay: 800, theme: 'purple', modifierKey: 'alt', future: 1 });
    expect(read).toEqual({ ...DEFAULT_SETTINGS, hoverDelay: 800, modifierKey: 'alt' });
    expect('future' in read).toBe(false);
  });

  it('validates a change strictly', () => {
    expect(validateSettingsPatch({ hoverDelay: 0, underlineStyle: 'wavy' })).toEqual({
      hoverDelay: 0,
      underlineStyle: 'wavy',
    });
    expect(validateSettingsPatch({ hoverDelay: 2001 })).toMatch(/hoverDelay/);
    expect(validateSettingsPatch({ hoverDelay: 1.5 })).toMatch(/whole number/);
    expect(validateSettingsPatch({ theme: 'neon' })).toMatch(/theme must be one of auto, light, dark/);
    expect(validateSettingsPatch({ showFilmsWithoutListings: 'yes' })).toMatch(/true or false/);
    expect(validateSettingsPatch({ timeZoneShown: 'festival' })).toEqual({ timeZoneShown: 'festival' });
    expect(validateSettingsPatch({ __proto__: 1, x: 1 })).toMatch(/unknown setting/);
    expect(validateSettingsPatch([])).toMatch(/object/);
  });

  it('underlines only while a key is held when asked, off by default, and checks the value', () => {
    expect(readSettings({}).underlineOnlyWithKey).toBe(false);
  });

  it('reads the travel mode, transit by default', () => {
    expect(DEFAULT_SETTINGS.travelMode).toBe('transit');
    expect(readSettings({ travelMode: 'walking' }).travelMode).toBe('walking');
    expect(readSettings({ travelMode: 'teleport' }).travelMode).toBe('transit');
    expect(validateSettingsPatch({ travelMode: 'car' })).toEqual({ travelMode: 'car' });
    expect(validateSettingsPatch({ travelMode: 'bike' })).toMatch(/travelMode must be one of walking, transit, car/);
    expect(readSettings({ underlineOnlyWithKey: true }).underlineOnlyWithKey).toBe(true);
    expect(readSettings({ underlineOnlyWithKey: 'yes' }).underlineOnlyWithKey).toBe(false);
    expect(validateSettingsPatch({ underlineOnlyWithKey: true })).toEqual({ underlineOnlyWithKey: true });
    expect(validateSettingsPatch({ underlineOnlyWithKey: 1 })).toMatch(/underlineOnlyWithKey must be true or false/);
  });

  it('holds the chosen key, or Alt when titles show only with a key and none is chosen', () => {
    expect(keyToHold(DEFAULT_SETTINGS)).toBe('none');
    expect(keyToHold({ ...DEFAULT_SETTINGS, modifierKey: 'shift' })).toBe('shift');
    expect(keyToHold({ ...DEFAULT_SETTINGS, underlineOnlyWithKey: true })).toBe('alt');
    expect(keyToHold({ ...DEFAULT_SETTINGS, underlineOnlyWithKey: true, modifierKey: 'ctrl' })).toBe('ctrl');
  });

  it('writes the highlight rule for each underline style', () => {
    expect(underlineCss('wavy', 'afterparty-film')).toMatch(
      /^::highlight\(afterparty-film\) \{ text-decoration: underline wavy/,
    );
    expect(underlineCss('none', 'afterparty-film')).toContain('text-decoration: none');
  });
});
