import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { toolById } from './app';
import { loadRegistry } from './registry';
export { batches } from './registry';

/* The axe scan and the seeded data the accessibility flows share (a11y.spec.ts, a11y-screens.spec.ts). */

export const tools = await loadRegistry();
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];



export async function violationsOf(page: Page, where: string, rules?: string[]): Promise<string[]> {
  // Legacy mode runs axe in the page itself. The default finishes each run in a fresh blank page,
  // which triples the time of a scan; it is needed only for cross-origin frames, and the app has none.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const { violations } = await (rules ? builder.withRules(rules) : builder.withTags(TAGS)).analyze();
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? 'n/a'}) ${v.help}\n${v.nodes
        .slice(0, 6)
        .map((n) => `    ${n.target.join(' > ')}: ${(n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ')}`)
        .join('\n')}`,
  );
}

export async function useScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  // The app follows the system setting (no theme chosen in Settings).
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
}

/** Scans the page as it is: every rule in the light scheme, the colour rules again in the dark one. */
/** Every rule in the light scheme; then, unless `dark` is false, the colour rules in the dark scheme. */
export async function scan(page: Page, where: string, { dark = true }: { dark?: boolean } = {}): Promise<void> {
  await useScheme(page, 'light');
  const found = await violationsOf(page, `${where} [light]`);
  if (dark) {
    await useScheme(page, 'dark');
    found.push(...(await violationsOf(page, `${where} [dark]`, COLOUR_RULES)));
    await useScheme(page, 'light');
  }
  expect.soft(found, `axe on ${where}`).toEqual([]);
}

/**
 * Whether a screen made of these parts still needs its dark-scheme scan. The
 * dark scheme changes colours only, and colours come from the components, not
 * from a tool's words: so the colour rules run once per distinct set of
 * form controls, and once per result renderer, in each worker; the light
 * scheme's full scan still runs on every tool.
 */
export function firstTimeDark(seen: Set<string>, parts: string): boolean {
  if (seen.has(parts)) return false;
  seen.add(parts);
  return true;
}

export function heading1(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}


export const artifacts = [
  { id: 'art_1700000000300', createdAt: '2026-11-01T11:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Photosynthesis\n\n- Light reactions\n- **Calvin cycle**' },
  { id: 'art_1700000000200', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'essay-buddy', toolTitle: 'Essay Buddy', data: toolById(tools, 'essay-buddy').example.output },
];
export const emptyProject = { id: 'proj_1600000000000', name: 'Algebra', createdAt: '2021-01-10T12:00:00.000Z' };
