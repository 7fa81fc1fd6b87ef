import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page } from '@playwright/test';
import { appHeader, flowProject, seedStorage, storageKeys, toolById } from './app';
import { loadRegistry } from './registry';

/* The flow project's seeded items and the helpers the project-management flows share (project-management.spec.ts, project-transfer.spec.ts). */

export const tools = await loadRegistry();
export const essayBuddy = toolById(tools, 'essay-buddy');

export const essayOutput = essayBuddy.example.output as { thesis: string; structure: string[]; introParagraph: string };
export const items = [
  { id: 'art_1700000000300', createdAt: '2026-11-01T11:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Photosynthesis\n\n- Light reactions\n- **Calvin cycle**' },
  { id: 'art_1700000000200', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'essay-buddy', toolTitle: 'Essay Buddy', data: essayOutput },
  { id: 'art_1700000000100', createdAt: '2026-11-01T09:30:00.000Z', toolId: 'rubric-builder', toolTitle: 'Rubric Builder', data: 'Total: /20' },
];
export const otherProject = { id: 'proj_1600000000000', name: 'Algebra', createdAt: '2021-01-10T12:00:00.000Z' };

export async function seedFlowProject(page: Page, { active = true, artifacts = items } = {}) {
  await seedStorage(page, {
    [storageKeys.projects]: [otherProject, flowProject],
    [storageKeys.artifacts(flowProject.id)]: artifacts,
    ...(active ? { [storageKeys.activeProject]: flowProject.id } : {}),
  });
}

export function savedItems(page: Page, name = flowProject.name) {
  return page.getByRole('list', { name: `Saved items in ${name}` }).getByRole('listitem');
}

export function projectList(page: Page) {
  return page.getByRole('region', { name: 'Your projects' }).getByRole('listitem');
}

export function picker(page: Page) {
  return appHeader(page).getByRole('combobox', { name: 'Active project' });
}

export async function openFlowProject(page: Page) {
  await page.goto(`#/projects/${flowProject.id}`);
  await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
}

export async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}
