import { useEffect, useState } from 'preact/hooks';
import {
  HOVER_DELAY_MAX,
  MODIFIER_KEYS,
  THEMES,
  REMINDER_LEADS,
  TRAVEL_MODES,
  UNDERLINE_STYLES,
  ZONE_CHOICES,
  type Settings,
} from '../../core/settings.ts';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { applyTheme } from '../shared/theme.ts';
import { askForNotifications } from '../../browser/notifications.ts';
import { NotificationPermission } from './notification-permission.tsx';
import { errorText } from '../../core/error-text.ts';

type Status = { kind: 'idle' } | { kind: 'saved' } | { kind: 'error'; message: string };

function Choice<K extends keyof Settings>({
  name,
  label,
  choices,
  settings,
  onChange,
  prefix = 'ui',
  hint,
}: {
  name: K;
  label: string;
  choices: readonly string[];
  settings: Settings;
  onChange: (patch: Partial<Settings>) => void;
  /** The catalog area of the choices' names: `${prefix}_${name}_${choice}` ("-" read as "_"). */
  prefix?: string;
  hint?: string;
}) {
  return (
    <div class="field">
      <label for={`setting-${name}`}>{label}</label>
      <select
        id={`setting-${name}`}
        value={String(settings[name])}
        aria-describedby={hint ? `setting-${name}-hint` : undefined}
        onChange={(e) => onChange({ [name]: e.currentTarget.value } as Partial<Settings>)}
      >
        {choices.map((choice) => (
          <option value={choice} key={choice}>
            {t(`${prefix}_${name}_${choice.replaceAll('-', '_')}`)}
          </option>
        ))}
      </select>
      {hint && (
        <span id={`setting-${name}-hint`} class="hint">
          {hint}
        </span>
      )}
    </div>
  );
}

type ChoiceName = 'modifierKey' | 'underlineStyle' | 'theme' | 'timeZoneShown' | 'travelMode' | 'reminderLead';

/** The settings chosen from a list, in the order the page shows them; read at render, when t() has its catalog. */
const choiceFields = (): {
  name: ChoiceName;
  label: string;
  choices: readonly string[];
  prefix?: string;
  hint?: string;
}[] => [
  { name: 'modifierKey', label: t('ui_modifierKey'), choices: MODIFIER_KEYS },
  { name: 'underlineStyle', label: t('ui_underlineStyle'), choices: UNDERLINE_STYLES },
  { name: 'theme', label: t('ui_theme'), choices: THEMES },
  { name: 'timeZoneShown', label: t('ui_timeZoneShown'), choices: ZONE_CHOICES },
  {
    name: 'travelMode',
    label: t('plan_travelMode'),
    choices: TRAVEL_MODES,
    prefix: 'plan',
    hint: t('plan_travelModeHint'),
  },
  {
    name: 'reminderLead',
    label: t('remind_lead'),
    choices: REMINDER_LEADS,
    prefix: 'remind',
    hint: t('remind_leadHint'),
  },
];

function Toggle({
  name,
  label,
  hint,
  settings,
  onChange,
}: {
  name: 'showFilmsWithoutListings' | 'underlineOnlyWithKey';
  label: string;
  hint?: string;
  settings: Settings;
  onChange: (patch: Partial<Settings>) => void;
}) {
  return (
    <div class="field field-check">
      <input
        id={`setting-${name}`}
        type="checkbox"
        checked={settings[name]}
        aria-describedby={hint ? `setting-${name}-hint` : undefined}
        onChange={(e) => onChange({ [name]: e.currentTarget.checked })}
      />
      <label for={`setting-${name}`}>{label}</label>
      {hint && (
        <span id={`setting-${name}-hint`} class="hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/** The display settings; each change is saved at once and confirmed in a live region. */
export function DisplaySettings() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  useEffect(() => {
    send('getSettings', {}).then(setSettings, (e: unknown) => setStatus({ kind: 'error', message: errorText(e) }));
  }, []);
  useEffect(() => {
    if (settings) applyTheme(document, settings.theme);
  }, [settings?.theme]);
  const change = (patch: Partial<Settings>) => {
    send('setSettings', { patch }).then(
      (saved) => {
        setSettings(saved);
        setStatus({ kind: 'saved' });
      },
      (e: unknown) => setStatus({ kind: 'error', message: errorText(e) }),
    );
  };
  // Turning reminders on is the moment to ask for notifications, inside the user's choice.
  const choose = (patch: Partial<Settings>) => {
    if (patch.reminderLead && patch.reminderLead !== 'off') void askForNotifications();
    change(patch);
  };
  return (
    <section aria-labelledby="display-heading" class="panel-section">
      <h2 id="display-heading">{t('ui_displayHeading')}</h2>
      {settings && (
        <form class="settings" onSubmit={(e) => e.preventDefault()}>
          <div class="field">
            <label for="setting-hoverDelay">{t('ui_hoverDelay')}</label>
            <input
              id="setting-hoverDelay"
              type="number"
              min={0}
              max={HOVER_DELAY_MAX}
              step={50}
              value={settings.hoverDelay}
              aria-describedby="setting-hoverDelay-hint"
              onChange={(e) => {
                const value = Math.round(Number(e.currentTarget.value));
                if (Number.isFinite(value)) change({ hoverDelay: Math.min(HOVER_DELAY_MAX, Math.max(0, value)) });
              }}
            />
            <span id="setting-hoverDelay-hint" class="hint">
              {t('ui_hoverDelayHint', HOVER_DELAY_MAX)}
            </span>
          </div>
          {choiceFields().map((field) => (
            <Choice key={field.name} {...field} settings={settings} onChange={choose} />
          ))}
          <NotificationPermission />
          <Toggle
            name="showFilmsWithoutListings"
            label={t('ui_showFilmsWithoutListings')}
            settings={settings}
            onChange={change}
          />
          <Toggle
            name="underlineOnlyWithKey"
            label={t('ui_underlineOnlyWithKey')}
            hint={t('ui_underlineOnlyWithKeyHint')}
            settings={settings}
            onChange={change}
          />
        </form>
      )}
      <p class={status.kind === 'error' ? 'error' : 'status'} role="status">
        {status.kind === 'saved' ? t('ui_settingsSaved') : status.kind === 'error' ? status.message : ''}
      </p>
    </section>
  );
}
