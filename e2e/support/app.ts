import { expect, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../../src/engine/defineTool';
import type { Field } from '../../src/engine/fields';
import { storageKeys } from '../../src/engine/storage';

export { storageKeys };

/**
 * Puts raw strings into localStorage before the app starts, once per test
 * (a reload keeps what the app wrote since).
 */
export async function seedRawStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((items: Record<string, string>) => {
    const marker = `e2e-seeded:${Object.keys(items).join(',')}`;
    if (sessionStorage.getItem(marker)) return;
    sessionStorage.setItem(marker, '1');
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
}

/** Like seedRawStorage, for values stored as JSON, as the app stores them. */
export async function seedStorage(page: Page, entries: Record<string, unknown>): Promise<void> {
  await seedRawStorage(page, Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, JSON.stringify(v)])));
}

export const flowProject = { id: 'proj_1700000000000', name: 'Flow project', createdAt: '2026-11-01T09:00:00.000Z' };

/** A project to save into, already chosen as the active project. */
export async function seedActiveProject(page: Page): Promise<void> {
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.activeProject]: flowProject.id,
  });
}

/** Points the app at a backend (which the test then fakes with page.route). */
export async function seedBackend(page: Page, backendUrl = 'http://127.0.0.1:9/backend', publicKey = 'test-public-key'): Promise<void> {
  await seedStorage(page, { [storageKeys.settings]: { backendUrl, publicKey } });
}

async function fillField(page: Page, field: Field, value: unknown): Promise<void> {
  if (field.kind === 'switch') {
    await page.getByRole('switch', { name: field.label }).setChecked(value === true);
    return;
  }
  const control = page.getByLabel(field.label, { exact: true });
  if (field.kind === 'select') await control.selectOption(String(value));
  else await control.fill(String(value));
}

/** Fills a tool's form from its registry example, the way a person would: by label. */
export async function fillFromExample(page: Page, tool: ToolDeclaration): Promise<void> {
  const input = tool.example.input as Record<string, unknown>;
  for (const field of tool.fields) await fillField(page, field, input[field.name]);
}

export function generateButton(page: Page, tool?: ToolDeclaration) {
  return page.getByRole('button', { name: tool?.actionLabel ?? 'Generate' });
}

export async function openTool(page: Page, tool: Pick<ToolDeclaration, 'id' | 'title'>): Promise<void> {
  await page.goto(`#/${tool.id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.title })).toBeVisible();
}

export function resultRegion(page: Page) {
  return page.getByRole('region', { name: 'Result' });
}
