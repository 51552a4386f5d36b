// The own-event form's time zone, chosen by city: a text field searched through a datalist of
// city names ("Toronto (America)") built from every zone the browser knows.
import { useMemo, useState } from 'preact/hooks';
import { t } from '../../browser/i18n.ts';
import { cityLabel, zoneCities, zoneOfText } from '../../core/time/index.ts';
import { zoneChoices } from './user-event-draft.ts';

const LIST_ID = 'zone-cities';

export function ZonePicker({
  zone,
  suggested,
  onZone,
}: {
  zone: string;
  suggested: string[];
  onZone: (zone: string) => void;
}) {
  const cities = useMemo(() => zoneCities(zoneChoices(suggested), suggested), [suggested.join('|')]);
  const [text, setText] = useState(cityLabel(zone));
  const known = zoneOfText(text, cities);
  // The form's festival may change the zone: the field follows unless the user is typing another.
  if (known !== null && known !== zone && text === cityLabel(known)) setText(cityLabel(zone));
  return (
    <label>
      {t('zone_label')}
      <input
        type="text"
        list={LIST_ID}
        value={text}
        placeholder={t('zone_hint')}
        autocomplete="off"
        aria-invalid={known === null}
        onInput={(e) => {
          const value = e.currentTarget.value;
          setText(value);
          const found = zoneOfText(value, cities);
          if (found) onZone(found);
        }}
        onBlur={() => known && setText(cityLabel(known))}
      />
      <datalist id={LIST_ID}>
        {cities.map((c) => (
          <option key={c.zone} value={c.label} />
        ))}
      </datalist>
      {known === null && <span class="error-inline">{t('zone_unknown')}</span>}
    </label>
  );
}
