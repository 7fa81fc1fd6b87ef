/*
 * Privacy: keeping students' names out of what is sent to a model. Finds
 * names in a form, swaps them for placeholders before the request and back
 * after the answer (pseudonymise), shows what will be sent, and keeps the
 * person's choices (which tools replace names, names to always replace).
 *
 * Offers: the names settings panel, the "what will be sent" preview, the
 * privacy store, the follow-up backend that keeps names out of follow-up
 * questions, and a loader for the private answer wrapper (its name lists
 * load only when a request holds personal data).
 */
export { NamesSettings, namesSentWarning, replaceNamesLabel } from './NamesSettings';
export { WhatWillBeSent } from './WhatWillBeSent';
export { runPrivateFollowUp } from './followUpBackend';
export { usePrivacy } from './privacyState';

/** The privacy store, loaded only when a request might hold personal data. */
export const loadPrivacyState = () => import('./privacyState');
/** The model-call wrapper that pseudonymises a request and restores the answer, loaded with the first request holding names. */
export const loadProducePrivately = () => import('./producePrivately');
/** The answer pipeline's privacy wrapper and the per-tool choice it reads, loaded when a request starts. */
export const loadPrivacyWrapper = () => import('./privacyWrapper');
