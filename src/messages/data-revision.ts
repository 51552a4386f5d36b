// Views that stay open (the popup, the options page) re-read after the user's data or the
// listings change: the background bumps one storage.local key, after every sync and after each
// message whose spec says `changes: true`, and storage.onChanged reaches every extension page,
// whichever page or sync made the change.

export const DATA_REVISION_KEY = 'data.revision';
