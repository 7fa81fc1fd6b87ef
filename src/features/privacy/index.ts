/*
 * Privacy: keeping students' names out of what is sent to a model. Finds
 * names in a form, swaps them for placeholders before the request and back
 * after the answer (pseudonymise), shows what will be sent, and keeps the
 * person's choices (which tools replace names, names to always replace).
 *
 * Offers: the "what will be sent" preview (in every tool page's first
 * load), and loaders for the rest, which brings zod and the name lists: the
 * privacy store, the names settings panel, the follow-up backend that keeps
 * names out of follow-up questions, and the private answer wrapper.
 */
export { WhatWillBeSent } from './WhatWillBeSent';

/** The privacy store, loaded only when a request might hold personal data. */
export const loadPrivacyState = () => import('./privacyState');
/** The Settings panel for names to replace. */
export const loadNamesSettings = () => import('./NamesSettings');
/** Follow-up questions that keep names out, loaded with a result's follow-up. */
export const loadFollowUpBackend = () => import('./followUpBackend');
/** The model-call wrapper that pseudonymises a request and restores the answer, loaded with the first request holding names. */
export const loadProducePrivately = () => import('./producePrivately');
/** The answer pipeline's privacy wrapper and the per-tool choice it reads, loaded when a request starts. */
export const loadPrivacyWrapper = () => import('./privacyWrapper');
