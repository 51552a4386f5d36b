import { send } from '../browser/send.ts';
import { errorText } from '../core/error-text.ts';
import { AddEventButton } from './add-event-button.tsx';
import type { CardHost } from './card-host.tsx';
import type { FoundTitles } from './found-titles.ts';
import type { CardSlots } from './hover-card.ts';
import { NotThisFilm } from './not-this-film.tsx';

/** The content script's buttons under each film in the card: "Not this film" and "Add an event". */
export function cardSlots(found: FoundTitles, card: () => CardHost): CardSlots {
  // Always this site's correction: only the options page applies one on every site (#26.10).
  const hide = (filmKey: string, surface: string) =>
    send('addCorrection', { filmKey, surface, everywhere: false }).then(
      ({ correction }) => found.correct(correction),
      (error: unknown) => console.warn('Afterparty:', errorText(error)),
    );
  return {
    filmActions: (film, title) => (
      <>
        <NotThisFilm
          filmTitle={film.title}
          onChoose={(widen) => {
            // Asked for every site: the card stays to say where that is done.
            if (!widen) card().close();
            void hide(film.key, title.surface);
          }}
        />
        <AddEventButton
          filmTitle={film.title}
          onAdd={() => {
            card().close();
            send('openAddEvent', { filmKey: film.key }).catch((error: unknown) =>
              console.warn('Afterparty:', errorText(error)),
            );
          }}
        />
      </>
    ),
  };
}
