import { messageOf } from '../messages';
import { StorageFullError } from './storage';

/**
 * What an action on stored data that failed tells the user ("Could not <action>: ..."); a full storage says
 * what to do about it. Here, beside StorageFullError, so a screen primitive (the notice's Undo) and a feature say it alike.
 */
export function couldNotMessage(error: unknown, action: string): string {
  if (error instanceof StorageFullError) {
    return `Could not ${action}: this browser\u2019s storage is full. Free space by deleting old projects or saved items, then try again.`;
  }
  return messageOf(error);
}
