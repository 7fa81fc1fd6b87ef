/*
 * Sources: attaching a file to a text box. Reads PDF, Word and images (OCR)
 * in workers, within bounds, into text the person can check before sending.
 *
 * Offers: the on-demand "attach a file" control (preload it, then read it
 * once it is here); the readers load only when a file is attached.
 */
export { loadedAttachFile, preloadAttachFile } from './attachFileLoader';
