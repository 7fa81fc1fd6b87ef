import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse as parseGift } from 'gift-pegjs';
import ICAL from 'ical.js';
import Papa from 'papaparse';
import { flowProject, generateExample, seedActiveProject, seedStorage, storageKeys, toolById } from './support/app';
import { loadRegistry } from './support/registry';
import { exportFile, pptxSlides, qtiQuestions, wordParagraphs } from './support/exportFiles';

/*
 * Export: a flashcard deck as Quizlet, Anki and CSV files, a quiz
 * as GIFT and as a worksheet, any result as Word, printed and copied with its
 * structure, slides as PowerPoint, plans and a group's tasks as calendars;
 * downloaded from a result and from the same result saved to a project, each
 * read back by a parser (the Office files unzipped and their XML parsed).
 */

const tools = await loadRegistry();
const flashcards = toolById(tools, 'flashcard-generator');
const quiz = toolById(tools, 'interactive-quiz-builder');
const cards = flashcards.example.output as { question: string; answer: string }[];

async function download(page: Page, scope: Locator, label: string): Promise<{ name: string; text: string }> {
  const file = await exportFile(page, scope, label);
  return { name: file.name, text: file.bytes.toString('utf8') };
}

function savedItem(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
}

test('flashcards: Quizlet, Anki and CSV from the result, and the same files from the saved item', async ({ page }) => {
  await seedActiveProject(page);
  const result = await generateExample(page, flashcards);
  await expect(result).toContainText(cards[0]!.question);

  const quizlet = await download(page, result, 'Quizlet import (.txt)');
  // The Flashcard Generator asks for notes, not a topic: the file is named after the tool.
  expect(quizlet.name).toBe('Flashcard Generator - Quizlet.txt');
  expect(quizlet.text.trimEnd().split('\n').map((line) => line.split('\t'))).toEqual(cards.map((c) => [c.question, c.answer]));
  await expect(result.getByRole('button', { name: /^Export/ })).toBeFocused();

  const anki = await download(page, result, 'Anki import (.txt)');
  expect(anki.text.split('\n')[0]).toBe('#separator:tab');
  expect(anki.text.trimEnd().split('\n').slice(3)).toHaveLength(cards.length);

  const csv = await download(page, result, 'Spreadsheet (.csv)');
  expect(Papa.parse<string[]>(csv.text.trimEnd(), { newline: '\r\n' }).data).toEqual([['Front', 'Back'], ...cards.map((c) => [c.question, c.answer])]);

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: flashcards.title }) });
  const again = await download(page, saved, 'Spreadsheet (.csv)');
  expect(again.name).toBe('Flashcard Generator.csv');
  expect(again.text).toBe(csv.text);
  // The saved deck leaves for Quizlet and Anki as the result did.
  expect((await download(page, saved, 'Quizlet import (.txt)')).text).toBe(quizlet.text);
  expect((await download(page, saved, 'Anki import (.txt)')).text).toBe(anki.text);
});

test('a quiz as GIFT for Moodle and QTI for Canvas, from the result, read back by a GIFT parser and an XML parser; a result with no format says so', async ({ page }) => {
  const result = await generateExample(page, quiz);
  const items = quiz.example.output as { question: string; type: string; answer: string }[];
  await expect(result.getByText(`Question 1 of ${items.length}`)).toBeVisible();
  const gift = await download(page, result, 'Moodle / LMS quiz (GIFT .txt)');
  const questions = (parseGift(gift.text) as { type: string }[]).filter((q) => q.type !== 'Category');
  expect(questions.map((q) => q.type)).toEqual(items.map((i) => ({ MCQ: 'MC', TF: 'TF', FIB: 'Short' })[i.type]));

  const qti = await exportFile(page, result, 'Canvas / LMS quiz (QTI .zip)');
  expect(qti.name).toMatch(/^Interactive Quiz Builder - .+ - QTI\.zip$/);
  expect(await qtiQuestions(page, qti.bytes)).toEqual(
    items.map((i) => ({
      type: { MCQ: 'multiple_choice_question', TF: 'true_false_question', FIB: 'short_answer_question' }[i.type],
      right: i.answer,
    })),
  );

  const notes = await generateExample(page, toolById(tools, 'smart-notes'));
  await notes.getByRole('button', { name: /^Export/ }).click();
  // A markdown result has the formats every result has, and no deck or quiz format.
  await expect(notes.getByRole('list', { name: 'Export formats' }).getByRole('button')).toHaveText(['Word / Google Docs (.docx)', 'Print / Save as PDF']);
  await page.keyboard.press('Escape');
  await expect(notes.getByRole('button', { name: /^Export/ })).toBeFocused();
});

const WORD = 'Word / Google Docs (.docx)';

test('Word: the result with its title, date and inputs, headings and lists; the same from the saved item; the project as one file with contents', async ({ page }) => {
  const essay = toolById(tools, 'essay-buddy');
  const output = essay.example.output as { thesis: string; structure: string[] };
  await seedActiveProject(page);
  const result = await generateExample(page, essay);
  await expect(result).toContainText(output.thesis);

  const file = await exportFile(page, result, WORD);
  // A '?' no file system takes is left out.
  expect(file.name).toBe('Essay Buddy - Should schools ban mobile phones during the school day.docx');
  const word = await wordParagraphs(page, file.bytes);
  expect(word[0]).toMatchObject({ style: 'Title', text: 'Essay Buddy' });
  expect(word[1]!.text).toMatch(/^Made .+ with StudyForge$/);
  expect(word[2]!.text).toBe(`Essay topic or question: ${(essay.example.input as { topic: string }).topic}`);
  expect(word.filter((p) => p.style === 'Heading2').map((p) => p.text)).toEqual(['Thesis', 'Structure', 'Introduction paragraph']);
  expect(word.filter((p) => p.style === 'ListParagraph').map((p) => p.text)).toEqual(output.structure);
  await expect(page.getByRole('status').filter({ hasText: `Exported ${file.name}` })).toBeAttached();

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const again = await wordParagraphs(page, (await exportFile(page, savedItem(page, essay.title), WORD)).bytes);
  // A saved item keeps no inputs: its date is the day it was saved.
  expect(again.filter((p) => p.style !== null).map((p) => p.text)).toEqual(word.filter((p) => p.style !== null).map((p) => p.text));

  const [projectFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as Word' }).click()]);
  expect(projectFile.suggestedFilename()).toBe(`${flowProject.name}.docx`);
  const project = await wordParagraphs(page, await readFile((await projectFile.path())!));
  expect(project[0]).toMatchObject({ style: 'Title', text: flowProject.name });
  expect(project.filter((p) => p.style === 'Heading1').map((p) => p.text)).toEqual(['Contents', expect.stringMatching(/^Essay Buddy, saved /)]);
  expect(project.some((p) => p.pageBreak)).toBe(true);
});

test('a quiz as a worksheet in Word: lettered options, and the answer key on a page of its own', async ({ page }) => {
  const items = quiz.example.output as { question: string; answer: string; options: string[]; type: string }[];
  const result = await generateExample(page, quiz);
  await expect(result.getByText(`Question 1 of ${items.length}`)).toBeVisible();
  const word = await wordParagraphs(page, (await exportFile(page, result, WORD)).bytes);
  const keyAt = word.findIndex((p) => p.text === 'Answer key');
  const breakAt = word.findIndex((p) => p.pageBreak);
  expect(breakAt).toBeGreaterThan(0);
  expect(keyAt).toBeGreaterThan(breakAt);
  const sheet = word.slice(0, breakAt).map((p) => p.text);
  items.forEach((item, i) => expect(sheet).toContain(`${i + 1}. ${item.question}`));
  const key = word.slice(keyAt + 1).map((p) => p.text);
  expect(key).toHaveLength(items.length);
  items.forEach((item, i) => expect(key[i]).toContain(item.answer));
});

test('Print / Save as PDF prints only the result, as a document, with the app hidden', async ({ page }) => {
  const essay = toolById(tools, 'essay-buddy');
  const output = essay.example.output as { thesis: string };
  const result = await generateExample(page, essay);
  await expect(result).toContainText(output.thesis);
  // The browser's print dialog cannot be driven from a test: print() is recorded instead, and the page printed to PDF below.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await result.getByRole('button', { name: /^Export/ }).click();
  await result.getByRole('button', { name: 'Print / Save as PDF' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('#print-root');
  await expect(printed).toBeVisible();
  await expect(printed.locator('h1')).toHaveText('Essay Buddy');
  await expect(printed).toContainText(output.thesis);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.locator('main')).toBeHidden();
  const pdf = await page.pdf();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Printing over, the page is as it was.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await expect(printed).toHaveCount(0);
  await expect(result).toContainText(output.thesis);
});

test('Copy puts the result on the clipboard as rich HTML (headings, lists) and as plain text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const essay = toolById(tools, 'essay-buddy');
  const output = essay.example.output as { thesis: string; structure: string[] };
  const result = await generateExample(page, essay);
  await expect(result).toContainText(output.thesis);
  await result.getByRole('button', { name: 'Copy' }).click();
  await expect(result.getByRole('button', { name: 'Copied' })).toBeVisible();
  const clipboard = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return { types: item!.types, html: await (await item!.getType('text/html')).text(), text: await (await item!.getType('text/plain')).text() };
  });
  expect(clipboard.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
  const pasted = await page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return { headings: [...doc.querySelectorAll('h2')].map((h) => h.textContent), items: [...doc.querySelectorAll('li')].map((li) => li.textContent), scripts: doc.querySelectorAll('script, [onerror], [onclick]').length };
  }, clipboard.html);
  expect(pasted.headings).toEqual(['Thesis', 'Structure', 'Introduction paragraph']);
  expect(pasted.items).toEqual(output.structure);
  expect(pasted.scripts).toBe(0);
  expect(clipboard.text).toContain(output.thesis);
  expect(clipboard.text).not.toContain('<');
});

test('slides as PowerPoint: a title slide, then one slide per entry with its points in the notes; from the saved item too', async ({ page }) => {
  const deck = toolById(tools, 'presentation-generator');
  const { slides } = deck.example.output as { slides: { title: string; points: string[] }[] };
  await seedActiveProject(page);
  const result = await generateExample(page, deck);
  await expect(result).toContainText(slides[0]!.title);
  const file = await exportFile(page, result, 'PowerPoint / Google Slides (.pptx)');
  expect(file.name).toBe('Presentation Generator - The water cycle.pptx');
  const read = await pptxSlides(page, file.bytes);
  expect(read).toHaveLength(slides.length + 1);
  expect(read[0]!.texts).toEqual(['Presentation Generator', 'The water cycle']);
  slides.forEach((slide, i) => {
    expect(read[i + 1]!.texts).toEqual([slide.title, ...slide.points]);
    for (const point of slide.points) expect(read[i + 1]!.notes).toContain(point);
  });

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const again = await pptxSlides(page, (await exportFile(page, savedItem(page, deck.title), 'PowerPoint / Google Slides (.pptx)')).bytes);
  expect(again.slice(1)).toEqual(read.slice(1));
});

/** A calendar file's events, read by Mozilla's iCalendar parser (ical.js). */
function calendarEvents(bytes: Buffer) {
  const calendar = new ICAL.Component(ICAL.parse(bytes.toString('utf8')));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { summary: event.summary, start: event.startDate.toString(), minutes: event.duration.toSeconds() / 60, description: event.description ?? '', allDay: event.startDate.isDate };
  });
}

test("a group project's next steps as a calendar: one whole-day event per task on its due day, with who does it; from the result and the saved item", async ({ page }) => {
  const coordinator = toolById(tools, 'group-project-coordinator');
  const steps = (coordinator.example.output as { nextSteps: { task: string; who: string; due: string }[] }).nextSteps;
  await seedActiveProject(page);
  const result = await generateExample(page, coordinator);
  // The steps are a table on screen, a row per task.
  const table = result.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(steps.length + 1);
  await expect(table.getByRole('row').nth(1)).toContainText(steps[0]!.task);

  const expected = steps.map((s) => ({ summary: s.task, start: s.due, minutes: 24 * 60, description: `Who: ${s.who}`, allDay: true }));
  const file = await exportFile(page, result, 'Calendar (.ics)');
  expect(file.name).toBe('Group Project Coordinator - Calendar.ics');
  expect(calendarEvents(file.bytes)).toEqual(expected);

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  expect(calendarEvents((await exportFile(page, savedItem(page, coordinator.title), 'Calendar (.ics)')).bytes)).toEqual(expected);
});

test("plans as calendars: the study plan's sessions on their days, and focus sprints end to end, from the result and the saved item", async ({ page }) => {
  const plan = toolById(tools, 'study-plan-ai');
  // The plan's headings name no year ("Monday 23 November"): it is placed near the day it is made, so the
  // flow makes it in that week, whatever today's date (in 2028 the Monday would fall in no nearby year).
  await page.clock.install({ time: new Date('2026-11-21T09:00:00Z') });
  await seedActiveProject(page);
  const result = await generateExample(page, plan);
  await expect(result).toContainText('Day 1: Monday 23 November');
  const file = await exportFile(page, result, 'Calendar (.ics)');
  expect(file.name).toMatch(/^StudyPlan AI.*\.ics$/);
  const events = calendarEvents(file.bytes);
  // One event per session, and one for the exam itself.
  const sessions = (plan.example.output as string).split('### Exam day')[0]!.match(/^- /gm)!.length;
  expect(events).toHaveLength(sessions + 1);
  // Monday's first session after school, laid end to end; Saturday's from the morning; the exam at 9.
  expect(events[0]).toMatchObject({ summary: 'Chemistry, moles', start: '2026-11-23T17:00:00', minutes: 40, allDay: false });
  expect(events[1]).toMatchObject({ summary: 'Biology, cell biology', start: '2026-11-23T17:40:00', minutes: 30 });
  expect(events.find((e) => e.start.startsWith('2026-11-28'))!.start).toBe('2026-11-28T10:00:00');
  expect(events.at(-1)!.start).toBe('2026-12-04T09:00:00');

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const again = calendarEvents((await exportFile(page, savedItem(page, plan.title), 'Calendar (.ics)')).bytes);
  // The same sessions; a saved item keeps no inputs, so its exam is not named after the subjects.
  expect(again.slice(0, -1)).toEqual(events.slice(0, -1));
  expect(again.at(-1)).toMatchObject({ summary: 'Exam', start: events.at(-1)!.start });

  const sprints = toolById(tools, 'focus-sprint-planner');
  const planned = (sprints.example.output as { sprints: { duration: number; activity: string; type: string }[] }).sprints;
  const sprintResult = await generateExample(page, sprints);
  await expect(sprintResult).toContainText(planned[0]!.activity);
  const sprintEvents = calendarEvents((await exportFile(page, sprintResult, 'Calendar (.ics)')).bytes);
  expect(sprintEvents.map((e) => e.minutes)).toEqual(planned.map((s) => s.duration));
  // A title is the activity, cut at a word with … when long (the whole activity is the event's description).
  sprintEvents.forEach((e, i) => {
    const title = planned[i]!.type === 'break' ? `Break: ${planned[i]!.activity}` : planned[i]!.activity;
    expect(title.startsWith(e.summary.replace(/…$/, ''))).toBe(true);
  });
  const starts = sprintEvents.map((e) => new Date(e.start).getTime());
  starts.slice(1).forEach((start, i) => expect(start - starts[i]!).toBe(planned[i]!.duration * 60_000));

  await sprintResult.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const savedSprints = calendarEvents((await exportFile(page, savedItem(page, sprints.title), 'Calendar (.ics)')).bytes);
  expect(savedSprints.map(({ summary, minutes }) => ({ summary, minutes }))).toEqual(sprintEvents.map(({ summary, minutes }) => ({ summary, minutes })));
});

test('from saved items: a quiz as GIFT and QTI, printed as a worksheet and copied with its structure; an export that cannot be made says why and changes nothing', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const items = quiz.example.output as { question: string; answer: string }[];
  const deck = toolById(tools, 'presentation-generator');
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.activeProject]: flowProject.id,
    [storageKeys.artifacts(flowProject.id)]: [
      { id: 'art_1700000000200', createdAt: '2026-11-02T09:00:00.000Z', toolId: quiz.id, toolTitle: quiz.title, data: quiz.example.output },
      // Saved by an older version: no longer a slide outline.
      { id: 'art_1700000000100', createdAt: '2026-11-01T09:00:00.000Z', toolId: deck.id, toolTitle: deck.title, data: { outline: 'one, two' } },
    ],
  });
  await page.goto(`#/projects/${flowProject.id}`);
  const saved = savedItem(page, quiz.title);

  const gift = await download(page, saved, 'Moodle / LMS quiz (GIFT .txt)');
  expect((parseGift(gift.text) as { type: string }[]).filter((q) => q.type !== 'Category')).toHaveLength(items.length);
  const qti = await exportFile(page, saved, 'Canvas / LMS quiz (QTI .zip)');
  expect(qti.name).toBe(`${quiz.title} - QTI.zip`);
  expect((await qtiQuestions(page, qti.bytes)).map((q) => q.right)).toEqual(items.map((i) => i.answer));

  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await saved.getByRole('button', { name: /^Export/ }).click();
  await saved.getByRole('button', { name: 'Print / Save as PDF' }).click();
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('#print-root');
  await expect(printed.locator('h1')).toHaveText(quiz.title);
  await expect(printed.getByText(`1. ${items[0]!.question}`)).toBeVisible();
  await expect(printed.locator('h2', { hasText: 'Answer key' })).toBeVisible();
  // The key starts a new page: the rule before it breaks the page.
  expect(await printed.locator('hr').evaluate((hr) => getComputedStyle(hr).breakAfter)).toBe('page');
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await expect(printed).toHaveCount(0);

  await saved.getByRole('button', { name: 'Copy' }).click();
  await expect(saved.getByRole('button', { name: 'Copied' })).toBeVisible();
  const html = await page.evaluate(async () => (await (await navigator.clipboard.read())[0]!.getType('text/html')).text());
  expect(html).toContain('Answer key');
  expect(html).toContain('<li>');

  const old = savedItem(page, deck.title);
  await old.getByRole('button', { name: /^Export/ }).click();
  await old.getByRole('button', { name: 'PowerPoint / Google Slides (.pptx)' }).click();
  await expect(old.getByRole('alert')).toHaveText('Could not export as PowerPoint / Google Slides (.pptx): This result is not a slide outline the export can read.');
  // The item is untouched, and the menu, still open, still works: Word lays the item out plainly.
  const [file] = await Promise.all([page.waitForEvent('download'), old.getByRole('button', { name: WORD }).click()]);
  const word = await wordParagraphs(page, await readFile((await file.path())!));
  expect(word.map((p) => p.text)).toContain('one, two');
  await expect(old.getByRole('alert')).toHaveCount(0);
});
