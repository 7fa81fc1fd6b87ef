import type { Locator, Page } from '@playwright/test';
import { exportFile } from './exportFiles';

/* What the export specs share: a download read as text, a saved item found by its title, and Word's menu label. */

export const WORD = 'Word / Google Docs (.docx)';

/** A file the export menu downloads, read as UTF-8 text. */
export async function download(page: Page, scope: Locator, label: string): Promise<{ name: string; text: string }> {
  const file = await exportFile(page, scope, label);
  return { name: file.name, text: file.bytes.toString('utf8') };
}

/** A saved result in the project page's list, found by its title. */
export function savedItem(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
}
