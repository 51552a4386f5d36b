/** The words of anything thrown: an Error's message, else its string form, cut to `max` characters. */
export function errorText(error: unknown, max = Infinity): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > max ? text.slice(0, max) : text;
}
