/** Spec 9: copy confirmation 2000 ms, save confirmation 2500 ms. */
export const COPY_CONFIRMATION_MS = 2000;
export const SAVE_CONFIRMATION_MS = 2500;

/** How long a deletion can be undone. */
export const UNDO_MS = 10_000;
/** How long a plain notice ('Renamed.', 'Restored.') stays. */
export const NOTICE_MS = 6_000;
