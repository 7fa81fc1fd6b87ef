import { messageOf } from '../../kernel/messages';
import { StorageFullError } from '../../kernel/stored/storage';

const verbs = {
  create: 'create the project',
  rename: 'rename the project',
  delete: 'delete',
  undo: 'undo',
  import: 'import the project',
} as const;

/** What a project action that failed tells the user; a full storage says what to do about it. */
export function projectErrorMessage(error: unknown, action: keyof typeof verbs): string {
  if (error instanceof StorageFullError) {
    return `Could not ${verbs[action]}: this browser\u2019s storage is full. Free space by deleting old projects or saved items, then try again.`;
  }
  return messageOf(error);
}
