/** Material Icons the app's own chrome uses; the build puts these and every tool's icon into one sprite. */
export const uiIcons = [
  'add', 'arrow_back', 'attach_file', 'check', 'close', 'content_copy', 'dashboard', 'error', 'folder',
  'folder_open', 'history', 'info', 'menu', 'school', 'search', 'settings', 'bookmark_add', 'auto_awesome',
  'cloud_off', 'arrow_forward',
  // Project management: delete with undo, export.
  'delete', 'undo', 'download',
  // Bespoke screens in renderers/.
  'stop', 'upload_file', 'play_arrow', 'replay', 'chevron_left', 'chevron_right', 'flip', 'cancel', 'check_circle', 'help',
  // The refine bar under a result.
  'edit_note', 'translate',
  // Projects as a study space: saved items opened or shown as text, cards studied.
  'expand_more', 'expand_less', 'notes', 'style',
  // Exports: a project as Word, printed.
  'description', 'print',
  // Landing page feature cards.
  'quiz', 'edit', 'merge_type', 'group_work', 'co_present', 'map',
  // Favourites.
  'star', 'star_border',
  // Settings' Test connection.
  'network_check',
  // Accounts: the header's sign-in corner and how the work syncs.
  'account_circle', 'cloud_done', 'cloud_sync', 'logout',
] as const;

export type UiIcon = (typeof uiIcons)[number];
