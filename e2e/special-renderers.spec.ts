import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { labelOf } from '../src/kernel/resultText';
import { contractSchemaOf } from '../src/kernel/runTool';
import { escapeRegExp, fillFromExample, generateButton, generateExample, openTool, resultRegion, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * The bespoke result screens (spec 2, 'Every tool page'): flashcards that
 * flip, tabs for result variants, slide cards and the sprint timeline, run
 * against the offline sample backend, which answers with each registry
 * file's example output. Expected data comes from those examples.
 */

const tools = await loadRegistry();

test.describe('flashcards', () => {
  const tool = toolById(tools, 'flashcard-generator');
  const cards = z.array(z.object({ question: z.string(), answer: z.string() })).min(2).parse(tool.example.output);
  const first = cards[0]!;
  const last = cards[cards.length - 1]!;
  const card = (result: Locator) => result.getByRole('button', { name: /^(Question|Answer):/ });

  test('the card flips on click', async ({ page }) => {
    const result = await generateExample(page, tool);
    await expect(result.getByText(`Card 1 of ${cards.length}`)).toBeVisible();
    await expect(card(result)).toHaveAccessibleName(`Question: ${first.question}`);

    await card(result).click();
    await expect(card(result)).toHaveAccessibleName(`Answer: ${first.answer}`);
    await expect(card(result)).toHaveAttribute('data-side', 'answer');

    await card(result).click();
    await expect(card(result)).toHaveAccessibleName(`Question: ${first.question}`);
  });

  test('the card flips with Enter and with Space', async ({ page }) => {
    const result = await generateExample(page, tool);
    await card(result).focus();
    await page.keyboard.press('Enter');
    await expect(card(result)).toHaveAccessibleName(`Answer: ${first.answer}`);
    await expect(card(result)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(card(result)).toHaveAccessibleName(`Question: ${first.question}`);
    await page.keyboard.press('Space');
    await expect(card(result)).toHaveAccessibleName(`Answer: ${first.answer}`);
  });

  test('Previous and Next move through the deck with a count, always to the question side', async ({ page }) => {
    const result = await generateExample(page, tool);
    const previous = result.getByRole('button', { name: 'Previous' });
    const next = result.getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();

    await card(result).click();
    await next.click();
    await expect(result.getByText(`Card 2 of ${cards.length}`)).toBeVisible();
    await expect(card(result)).toHaveAccessibleName(`Question: ${cards[1]!.question}`);
    await expect(previous).toBeEnabled();

    await previous.click();
    await expect(result.getByText(`Card 1 of ${cards.length}`)).toBeVisible();
    await expect(card(result)).toHaveAccessibleName(`Question: ${first.question}`);
    await expect(previous).toBeDisabled();

    for (let i = 1; i < cards.length; i++) await next.click();
    await expect(result.getByText(`Card ${cards.length} of ${cards.length}`)).toBeVisible();
    await expect(card(result)).toHaveAccessibleName(`Question: ${last.question}`);
    await expect(next).toBeDisabled();
    await expect(card(result)).toBeFocused();
  });

  test('the flip does not animate when reduced motion is asked for', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const result = await generateExample(page, tool);
    const duration = await card(result).locator('.flashcard-inner').evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(duration).toBe('0s');
  });
});

for (const id of ['concept-cracker', 'differentiated-text-generator']) {
  test.describe(`${id} tabs`, () => {
    const tool = toolById(tools, id);
    const schema = tool.result === 'markdown' ? undefined : contractSchemaOf(tool.result);
    const output = z.record(z.string(), z.unknown()).parse(tool.example.output);
    const variants = Object.entries(schema?.properties ?? {})
      .filter(([key, node]) => node.type === 'STRING' && typeof output[key] === 'string')
      .map(([key, node]) => ({ label: labelOf(key, node), text: String(output[key]) }));

    test('one tab per variant, the first selected, the panel showing it', async ({ page }) => {
      expect(variants.length).toBeGreaterThanOrEqual(2);
      const result = await generateExample(page, tool);
      await expect(result.getByRole('tab')).toHaveText(variants.map((v) => v.label));
      await expect(result.getByRole('tab', { name: variants[0]!.label })).toHaveAttribute('aria-selected', 'true');
      await expect(result.getByRole('tabpanel', { name: variants[0]!.label })).toHaveText(variants[0]!.text);

      await result.getByRole('tab', { name: variants[1]!.label }).click();
      await expect(result.getByRole('tab', { name: variants[1]!.label })).toHaveAttribute('aria-selected', 'true');
      await expect(result.getByRole('tab', { name: variants[0]!.label })).toHaveAttribute('aria-selected', 'false');
      await expect(result.getByRole('tabpanel')).toHaveCount(1);
      await expect(result.getByRole('tabpanel', { name: variants[1]!.label })).toHaveText(variants[1]!.text);
    });

    test('arrow keys, Home and End move between the tabs', async ({ page }) => {
      const result = await generateExample(page, tool);
      const tab = (i: number) => result.getByRole('tab', { name: variants[i]!.label, exact: true });
      const expectAt = async (i: number) => {
        await expect(tab(i)).toBeFocused();
        await expect(tab(i)).toHaveAttribute('aria-selected', 'true');
        await expect(tab(i)).toHaveAttribute('tabindex', '0');
        await expect(result.getByRole('tabpanel')).toHaveText(variants[i]!.text);
      };
      const lastIndex = variants.length - 1;

      await tab(0).focus();
      await page.keyboard.press('ArrowRight');
      await expectAt(1);
      await page.keyboard.press('ArrowLeft');
      await expectAt(0);
      await page.keyboard.press('ArrowLeft');
      await expectAt(lastIndex);
      await page.keyboard.press('ArrowRight');
      await expectAt(0);
      await page.keyboard.press('End');
      await expectAt(lastIndex);
      await page.keyboard.press('Home');
      await expectAt(0);

      // Only the selected tab is in the Tab order: Tab goes on to the panel.
      await page.keyboard.press('Tab');
      await expect(result.getByRole('tabpanel', { name: variants[0]!.label })).toBeFocused();
    });
  });
}

test.describe('presentation slides', () => {
  const tool = toolById(tools, 'presentation-generator');
  const { slides } = z
    .object({ slides: z.array(z.object({ title: z.string(), points: z.array(z.string()) })) })
    .parse(tool.example.output);

  test('one card per slide, titled and numbered, with its points', async ({ page }) => {
    const result = await generateExample(page, tool);
    const cards = result.getByRole('article');
    await expect(cards).toHaveCount(slides.length);
    for (const [i, slide] of slides.entries()) {
      const card = cards.nth(i);
      await expect(card).toHaveAccessibleName(`Slide ${i + 1} ${slide.title}`);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(slide.title);
      await expect(card.getByRole('listitem')).toHaveText(slide.points);
    }
  });
});

test.describe('focus sprint timeline', () => {
  const tool = toolById(tools, 'focus-sprint-planner');
  const { sprints } = z
    .object({ sprints: z.array(z.object({ duration: z.number(), activity: z.string(), type: z.enum(['work', 'break']) })) })
    .parse(tool.example.output);
  const total = sprints.reduce((sum, s) => sum + s.duration, 0);
  const workCount = sprints.filter((s) => s.type === 'work').length;

  test('every block shows its kind, minutes and activity; the totals add up', async ({ page }) => {
    const result = await generateExample(page, tool);
    const blocks = result.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect(blocks).toHaveCount(sprints.length);
    let work = 0;
    for (const [i, sprint] of sprints.entries()) {
      const block = blocks.nth(i);
      const kind = sprint.type === 'work' ? `Work sprint ${++work}` : 'Break';
      await expect(block).toContainText(kind);
      await expect(block).toContainText(new RegExp(`\\b${sprint.duration} minutes?\\b`));
      await expect(block).toContainText(sprint.activity);
    }

    const value = (term: string) => result.locator('dt', { hasText: new RegExp(`^${escapeRegExp(term)}$`) }).locator('+ dd');
    await expect(value('Total time')).toHaveText(`${total} minutes`);
    await expect(value('Work sprints')).toHaveText(String(workCount));
  });

  test('the bar draws each block in proportion to its minutes', async ({ page }) => {
    const result = await generateExample(page, tool);
    const segments = result.locator('.sprint-bar > *');
    await expect(segments).toHaveCount(sprints.length);
    const widths = await segments.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    const totalWidth = widths.reduce((a, b) => a + b, 0);
    // Gaps and rounding aside, each block's share of the bar is its share of the session.
    sprints.forEach((sprint, i) => expect(Math.abs(widths[i]! / totalWidth - sprint.duration / total)).toBeLessThan(0.02));
  });
});
