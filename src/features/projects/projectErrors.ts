import { couldNotMessage } from '../../kernel/stored/storageFullMessage';

const verbs = {
  create: 'create the project',
  rename: 'rename the project',
  delete: 'delete',
  undo: 'undo',
  import: 'import the project',
} as const;

/** What a project action that failed tells the user; a full storage says what to do about it. */
export function projectErrorMessage(error: unknown, action: keyof typeof verbs): string {
  return couldNotMessage(error, verbs[action]);
}
