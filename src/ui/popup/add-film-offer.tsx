// "Add “X” to my films" for a film a page names that no feed lists. The page chose its other
// names, and an own film's aliases are underlined on every site and synced to every device: only
// the title is added unless the user ticks the names shown (#26.9).
import { useState } from 'preact/hooks';
import { t } from '../../browser/i18n.ts';
import type { UserFilmInput } from '../../core/user-film-input.ts';

type AddState = 'idle' | 'adding' | 'added' | { error: string };

export function AddFilmOffer({
  film,
  state,
  onAdd,
}: {
  film: UserFilmInput;
  state: AddState;
  onAdd: (film: UserFilmInput) => void;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const tick = (alias: string, on: boolean) =>
    setTicked((all) => {
      const next = new Set(all);
      if (on) next.add(alias);
      else next.delete(alias);
      return next;
    });
  return (
    <span class="add-film-offer">
      <button
        type="button"
        class="ap-button"
        disabled={state === 'adding'}
        onClick={() => onAdd({ ...film, aliases: film.aliases.filter((alias) => ticked.has(alias)) })}
      >
        {t('films_addToMine', film.title)}
      </button>
      {film.aliases.length > 0 && (
        <fieldset class="film-aliases">
          <legend class="hint">{t('films_aliasesChoose')}</legend>
          {film.aliases.map((alias) => (
            <label key={alias}>
              <input
                type="checkbox"
                checked={ticked.has(alias)}
                onChange={(e) => tick(alias, e.currentTarget.checked)}
              />{' '}
              <bdi>{alias}</bdi>
            </label>
          ))}
        </fieldset>
      )}
      {typeof state === 'object' && (
        <span class="error" role="alert">
          {t('films_couldNotAdd', state.error)}
        </span>
      )}
    </span>
  );
}
