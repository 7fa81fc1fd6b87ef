/** Spec 9: copy confirmation 2000 ms, save confirmation 2500 ms. */
export const COPY_CONFIRMATION_MS = 2000;
export const SAVE_CONFIRMATION_MS = 2500;
