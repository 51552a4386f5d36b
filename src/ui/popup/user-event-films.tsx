// The films an event is for: picked from the catalog with type-ahead (a datalist), or typed
// freely and found by the title matcher, which forgives case, accents, censoring and a typo.
import { useMemo, useState } from 'preact/hooks';
import { compileMatcher } from '../../core/matching/index.ts';
import { t } from '../../browser/i18n.ts';
import type { Catalog } from './user-event-draft.ts';

export function FilmPicker({
  catalog,
  films,
  onChange,
}: {
  catalog: Catalog;
  films: string[];
  onChange: (films: string[]) => void;
}) {
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const matcher = useMemo(() => compileMatcher(catalog.films), [catalog.films]);
  const titles = new Map(catalog.films.map((f) => [f.id, f.title]));
  const pick = () => {
    const typed = query.trim();
    if (!typed) return;
    const exact = catalog.films.find((f) => f.title.toLowerCase() === typed.toLowerCase());
    // Typed freely: the title matcher forgives case, accents, censoring and one typo.
    const keys = exact
      ? [exact.id]
      : matcher.find({ text: typed, marks: [{ start: 0, end: typed.length }] }).flatMap((m) => m.filmIds);
    if (keys.length === 0) return setProblem(t('events_filmNotFound', typed));
    setProblem(null);
    setQuery('');
    onChange([...new Set([...films, ...keys])]);
  };
  return (
    <div>
      <label>
        {t('events_filmSearch')}
        <input
          list="ap-film-titles"
          value={query}
          onInput={(e) => {
            const value = (e.currentTarget as HTMLInputElement).value;
            setQuery(value);
            // Picking from the datalist fills the whole title in one input event.
            const picked = catalog.films.find((f) => f.title === value);
            if (picked) {
              setQuery('');
              onChange([...new Set([...films, picked.id])]);
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              pick();
            }
          }}
          onBlur={pick}
        />
      </label>
      <datalist id="ap-film-titles">
        {catalog.films.map((f) => (
          <option key={f.id} value={f.title} />
        ))}
      </datalist>
      <p class="hint">{t('events_filmHint')}</p>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {films.length > 0 && (
        <ul class="film-chips" aria-label={t('events_films')}>
          {films.map((key) => (
            <li key={key}>
              {titles.get(key) ?? key}
              <button
                type="button"
                aria-label={t('events_removeFilm', titles.get(key) ?? key)}
                onClick={() => onChange(films.filter((k) => k !== key))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
