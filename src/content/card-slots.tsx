import { send } from '../browser/send.ts';
import { errorText } from '../core/error-text.ts';
import { AddEventButton } from './add-event-button.tsx';
import type { CardHost } from './card-host.tsx';
import type { FoundTitles } from './found-titles.ts';
import type { CardSlots } from './hover-card.ts';
import { NotThisFilm } from './not-this-film.tsx';

/** The content script's buttons under each film in the card: "Not this film" and "Add an event". */
export function cardSlots(found: FoundTitles, card: () => CardHost): CardSlots {
  const hide = (filmKey: string, surface: string, everywhere: boolean) =>
    send('addCorrection', { filmKey, surface, everywhere }).then(
      ({ correction }) => found.correct(correction),
      (error: unknown) => console.warn('Afterparty:', errorText(error)),
    );
  return {
    filmActions: (film, title) => (
      <>
        <NotThisFilm
          filmTitle={film.title}
          onChoose={(everywhere) => {
            card().close();
            void hide(film.key, title.surface, everywhere);
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
