// The default feed loaded once per worker life, whichever asks first: the matcher's early read
// at the worker's start (index.ts), install or update, or a message.

export interface DefaultFeedSteps {
  /** True when the embedded listings are missing (default-feed.ts's needsDefaultFeed). */
  needs: () => Promise<boolean>;
  /** Writes the embedded listings (default-feed.ts's loadDefaultFeed). */
  load: () => Promise<void>;
  onError?: (error: unknown) => void;
}

/**
 * `ensure()` checks once and loads only what is missing; `ensure(true)` (install, update) loads
 * again, after a load under way: the early read's check on a first install would otherwise write
 * the same rows at the same time. A failure is logged and the next call tries again.
 */
export function defaultFeedOnce({
  needs,
  load,
  onError = (error) => console.error('Afterparty: could not load the default listings', error),
}: DefaultFeedSteps): (force?: boolean) => Promise<void> {
  let loading: Promise<void> | null = null;
  return (force = false) => {
    if (loading && !force) return loading;
    const current: Promise<void> = (loading ?? Promise.resolve())
      .then(async () => {
        if (force || (await needs())) await load();
      })
      .catch((error: unknown) => {
        if (loading === current) loading = null;
        onError(error);
      });
    loading = current;
    return current;
  };
}
