import { useState } from 'preact/hooks';
import { t } from '../browser/i18n.ts';

export interface NotThisFilmProps {
  filmTitle: string;
  /**
   * The user said the underlined text is not this film: `widen` when they asked for every site,
   * which a page may not ask (#26.10): the site's correction is stored and the card says where to widen it.
   */
  onChoose: (widen: boolean) => void;
}

/** Per-film buttons in the card: hide this match on this site, or learn where to hide it everywhere. */
export function NotThisFilm({ filmTitle, onChoose }: NotThisFilmProps) {
  const [widened, setWidened] = useState(false);
  if (widened)
    return (
      <p class="hint ap-not-this-film" role="status">
        {t('content_notThisFilmWiden')}
      </p>
    );
  return (
    <div class="ap-actions ap-not-this-film">
      <button
        type="button"
        class="ap-button"
        onClick={() => onChoose(false)}
        aria-label={t('content_notThisFilmLabel', filmTitle)}
      >
        {t('content_notThisFilm')}
      </button>
      <button
        type="button"
        class="ap-button"
        onClick={() => {
          setWidened(true);
          onChoose(true);
        }}
        aria-label={t('content_notThisFilmEverywhereLabel', filmTitle)}
      >
        {t('content_notThisFilmEverywhere')}
      </button>
    </div>
  );
}
