import { expect, test, type Page } from '@playwright/test';
import { generateExample, toolById } from './support/app';
import { scan, tools } from './support/a11y';
import { exportFile, pptxDeck, type PptxDeck } from './support/exportFiles';

/*
 * A lesson plan becomes slides, as a teacher would use them: generated with
 * the sample backend, exported as PowerPoint, and the downloaded file read
 * back by its package's XML (slides in the presentation's order, each notes
 * page through its relationships): a title slide with the topic, one titled
 * slide per section, each phase's time and details in clean speaker notes,
 * the file named and its properties titled by the topic, naming StudyForge.
 * The Presentation Generator's own deck is titled and named the same way,
 * its notes no longer a bulleted copy of the slide.
 */

const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const lessonPlan = toolById(tools, 'lesson-plan-variator');
const presentation = toolById(tools, 'presentation-generator');
const PPTX = 'PowerPoint / Google Slides (.pptx)';

/** A variant's approach (its "### " heading) and its table's rows, from the example the sample backend answers with. */
function variantOf(markdown: string): { approach: string; rows: string[][] } {
  const approach = /^### (.+)$/m.exec(markdown)![1]!;
  const rows = markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .slice(1)
    .map((line) => line.slice(1, -1).split('|').map((cell) => cell.trim()));
  return { approach, rows };
}

/** Speaker notes read as prose: no bullet characters, no line that only repeats the slide. */
function expectCleanNotes(deck: PptxDeck) {
  for (const [i, slide] of deck.slides.entries()) {
    for (const line of slide.notes) {
      expect(line, `slide ${i + 1}'s notes carry no bullet character`).not.toMatch(/^\s*[•◦▪*-]\s/);
      expect(slide.paragraphs, `slide ${i + 1}'s notes do not repeat the slide`).not.toContain(line);
    }
  }
}

function expectStudyForgeProperties(deck: PptxDeck, topic: string, toolTitle: string) {
  expect(deck.properties).toEqual({ title: topic, subject: `${toolTitle} - ${topic}`, creator: 'StudyForge', company: 'StudyForge' });
}

async function lessonPlanToSlides(page: Page) {
  const output = lessonPlan.example.output as { variant1: string; variant2: string; variant3: string; differentiation: string[] };
  const topic = lessonPlan.example.input.topic as string;
  const result = await generateExample(page, lessonPlan);

  // The lesson plan offers slides beside Word and print; the open menu is checked for accessibility in both themes.
  await result.getByRole('button', { name: /^Export/ }).click();
  await expect(result.getByRole('list', { name: 'Export formats' }).getByRole('button', { name: PPTX })).toBeVisible();
  await scan(page, 'Export menu offering slides');
  await page.keyboard.press('Escape');

  const file = await exportFile(page, result, PPTX);
  expect(file.name).toBe(`${topic}.pptx`);
  const deck = await pptxDeck(page, file.bytes);
  expectStudyForgeProperties(deck, topic, lessonPlan.title);

  // A title slide with the topic, then one titled slide per section: the three variants, then the differentiation tips.
  const variants = [output.variant1, output.variant2, output.variant3].map(variantOf);
  expect(deck.slides.map((slide) => slide.paragraphs[0])).toEqual([topic, ...variants.map((v, i) => `Variant ${i + 1}: ${v.approach}`), 'Differentiation (every variant)']);
  variants.forEach((variant, i) => {
    const slide = deck.slides[i + 1]!;
    // On the slide the phases; in the notes each phase's time and what happens, one line each.
    for (const [phase] of variant.rows) expect(slide.paragraphs).toContain(phase);
    expect(slide.notes).toEqual(variant.rows.map(([phase, time, what]) => `${phase} (${time}): ${what}`));
  });
  expect(deck.slides.at(-1)!.paragraphs.slice(1)).toEqual(output.differentiation);
  expectCleanNotes(deck);
}

async function presentationDeck(page: Page) {
  const { slides } = presentation.example.output as { slides: { title: string; points: string[] }[] };
  const topic = presentation.example.input.topic as string;
  const result = await generateExample(page, presentation);
  const file = await exportFile(page, result, PPTX);
  expect(file.name).toBe(`${topic}.pptx`);
  const deck = await pptxDeck(page, file.bytes);
  expectStudyForgeProperties(deck, topic, presentation.title);
  expect(deck.slides.map((slide) => slide.paragraphs)).toEqual([[topic], ...slides.map((slide) => [slide.title, ...slide.points])]);
  expectCleanNotes(deck);
}

test.describe('at laptop size', () => {
  test.use({ viewport: laptop });
  test('a lesson plan exports as slides named by its topic, with clean speaker notes; so does a presentation', async ({ page }) => {
    test.slow(); // Two results, two decks, and one axe scan in two schemes.
    await lessonPlanToSlides(page);
    await presentationDeck(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: phone, hasTouch: true });
  test('a lesson plan exports as slides named by its topic, with clean speaker notes; so does a presentation', async ({ page }) => {
    test.slow();
    await lessonPlanToSlides(page);
    await presentationDeck(page);
  });
});
