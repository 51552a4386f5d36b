import { t } from '../browser/i18n.ts';

export interface NotThisFilmProps {
  filmTitle: string;
  /** The user said the underlined text is not this film: here only, or on every site. */
  onChoose: (everywhere: boolean) => void;
}

/** Per-film buttons in the card: hide this match on this site, or everywhere. */
export function NotThisFilm({ filmTitle, onChoose }: NotThisFilmProps) {
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
        onClick={() => onChoose(true)}
        aria-label={t('content_notThisFilmEverywhereLabel', filmTitle)}
      >
        {t('content_notThisFilmEverywhere')}
      </button>
    </div>
  );
}
