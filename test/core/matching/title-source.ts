// A catalog film for the matcher's tests: a title and its aliases, nothing else known.
import type { TitleSource } from '../../../src/core/matching/matcher.ts';

export const film = (id: string, title: string, aliases: string[] = []): TitleSource => ({
  id,
  title,
  aliases,
  year: null,
  directors: [],
});
