import { expect, test, type Page } from '@playwright/test';
import { fakeBackend, flowProject, generateButton, openTool, resultRegion, seedActiveProject, seedBackend, toolById, type FakeBackend } from './support/app';
import { exportFile, wordParagraphs } from './support/exportFiles';
import { loadRegistry } from './support/registry';
import { scan } from './support/a11y';

/*
 * Names stay in the school: a teacher types a student's and a
 * parent's name, opens "What will be sent" and reads the request with
 * placeholders where the names were, generates, and reads the names in the
 * result, in the saved item and in the Word file. The fake backend refuses
 * (and records) any request that carries a name typed in the form, and
 * answers with the placeholders it was sent, as a model does.
 */

const tools = await loadRegistry();
const reportCard = toolById(tools, 'report-card-generator');
const parentEmail = toolById(tools, 'parent-communication-assistant');

/** A backend that refuses any request holding one of the names, and answers with what the model would write. */
async function nameCheckingBackend(page: Page, names: readonly string[], answer: (placeholders: string[]) => string): Promise<FakeBackend & { leaked: string[] }> {
  const leaked: string[] = [];
  const backend = await fakeBackend(page, (request) => {
    const body = request.postData() ?? '';
    const found = names.filter((name) => body.toLowerCase().includes(name.toLowerCase()));
    if (found.length > 0) {
      leaked.push(...found);
      return { status: 422, json: { error: `A name reached the backend: ${found.join(', ')}` } };
    }
    const placeholders = [...new Set(body.match(/\b(?:Student|Parent|Person) [A-Z]\b/g) ?? [])];
    return { json: { text: answer(placeholders) } };
  });
  return Object.assign(backend, { leaked });
}

test('Report Card Generator: the name goes as "Student A", shown before sending, and comes back in the result, the saved item and the Word file', async ({ page }) => {
  await seedActiveProject(page);
  await seedBackend(page);
  const backend = await nameCheckingBackend(page, ['Zanele', 'Okonkwo'], () =>
    'Student A has had a strong term and reads aloud with real expression.\n\n**Next steps:**\n- Student A should show each step in word problems.',
  );
  await openTool(page, reportCard);
  await page.getByLabel('Student’s first name').fill('Zanele Okonkwo');
  await page.getByLabel('Student traits and performance notes').fill('zanele reads aloud with expression. Okonkwo family moved in May. Rushes word problems.');

  await page.getByText('What will be sent', { exact: true }).click();
  const body = page.getByLabel('Request body');
  await expect(body).toContainText('Student A');
  await expect(body).not.toContainText('Zanele');
  await expect(body).not.toContainText('Okonkwo');
  await page.getByText('Show the raw request', { exact: true }).click();
  await expect(page.getByText('Sent to http://127.0.0.1:9/backend/functions/v1/gemini', { exact: false })).toBeVisible();
  await expect(page.getByText('Zanele Okonkwo → Student A', { exact: false })).toBeVisible();
  // It follows the form as it changes.
  await page.getByLabel('Student traits and performance notes').fill('Zanele reads widely. Loves poetry.');
  await expect(body).toContainText('Student A reads widely');

  await generateButton(page, reportCard).click();
  const result = resultRegion(page);
  await expect(result).toContainText('Zanele Okonkwo has had a strong term');
  await expect(result).not.toContainText('Student A');
  expect(backend.leaked).toEqual([]);
  expect(JSON.stringify(backend.bodies())).not.toMatch(/zanele|okonkwo/i);

  const word = await wordParagraphs(page, (await exportFile(page, result, 'Word / Google Docs (.docx)')).bytes);
  expect(word.map((p) => p.text).join('\n')).toContain('Zanele Okonkwo should show each step in word problems.');

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  await expect(page.getByRole('main')).toContainText('Zanele Okonkwo has had a strong term');
});

test('Parent Communication Assistant: student and parent go as placeholders, the email comes back addressed by name; a made-up placeholder is flagged, and the per-tool switch warns', async ({ page }) => {
  await seedActiveProject(page);
  await seedBackend(page);
  const backend = await nameCheckingBackend(page, ['Siobhan', 'O’Brien', "O'Brien", 'Niamh'], (placeholders) =>
    placeholders.includes('Parent A')
      ? '**Subject:** Student A’s reading\n\nDear Parent A,\n\nStudent A finished four books this term. Student C helped too.\n\n[Your name]'
      : 'Dear parent, a short note.',
  );
  await openTool(page, parentEmail);
  await page.getByLabel('Student’s first name').fill('Siobhan');
  await page.getByLabel('Parent’s or carer’s name').fill('Niamh O’Brien');
  await page.getByLabel('Your notes').fill('Siobhan finished 4 books. Mrs O’Brien asked about the library challenge.');

  await page.getByText('What will be sent', { exact: true }).click();
  const body = page.getByLabel('Request body');
  await expect(body).toContainText('name=\\"parentName\\">\\nParent A');
  await expect(body).toContainText('Mrs Parent A asked');
  await expect(body).not.toContainText('Siobhan');

  await generateButton(page, parentEmail).click();
  const result = resultRegion(page);
  await expect(result).toContainText('Dear Niamh O’Brien,');
  await expect(result).toContainText('Siobhan finished four books this term.');
  // "Student C" stands for nobody typed: said, not guessed.
  await expect(page.getByText('This answer mentions "Student C", which stands for no name you typed', { exact: false })).toBeVisible();
  expect(backend.leaked).toEqual([]);
  const word = await wordParagraphs(page, (await exportFile(page, result, 'Word / Google Docs (.docx)')).bytes);
  expect(word.map((p) => p.text).join('\n')).toContain('Dear Niamh O’Brien,');
  // A refinement sends the previous result, names and all, back to the model: they leave as placeholders again.
  await result.getByRole('toolbar', { name: 'Refine this result' }).getByRole('button', { name: 'Shorter' }).click();
  await expect(result.getByRole('group', { name: 'Versions' })).toContainText('Version 2 of 2: Shorter');
  await expect(result).toContainText('Dear Niamh O’Brien,');
  expect(backend.requests).toHaveLength(2);
  expect(backend.leaked).toEqual([]);
  await result.getByRole('button', { name: 'Save to Project' }).click();
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeDisabled();

  // Turned off for this tool: a warning, and the request shows the names as they will go.
  await page.getByRole('switch', { name: 'Replace names with placeholders for this tool' }).click();
  await expect(page.getByRole('alert')).toContainText('Names you typed will be sent as they are to 127.0.0.1:9');
  await expect(body).toContainText('Siobhan');
  await page.getByRole('switch', { name: 'Replace names with placeholders for this tool' }).click();
  await expect(body).not.toContainText('Siobhan');
});

test('with my own Gemini key: the body shown is the body Gemini receives, and a placeholder split across streamed chunks comes back whole as the name', async ({ page }) => {
  const received: unknown[] = [];
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, x-goog-api-key', 'access-control-allow-methods': 'POST' };
  await page.route('http://127.0.0.1:9/gemini/**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const body = request.postData() ?? '';
    received.push(JSON.parse(body));
    // The fake refuses a request that carries a name, as a school's policy would want the model never to see it.
    if (/amara|nwosu/i.test(body)) return route.fulfill({ status: 400, headers: cors, contentType: 'application/json', body: JSON.stringify({ error: { code: 400, message: 'name leaked', status: 'INVALID_ARGUMENT' } }) });
    const chunk = (text: string, finishReason?: string) =>
      `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(finishReason ? { finishReason } : {}) }] })}\r\n\r\n`;
    return route.fulfill({
      status: 200,
      headers: { ...cors, 'content-type': 'text/event-stream' },
      body: chunk('Stud') + chunk('ent A has grown in confidence. Well done, Stu') + chunk('dent A.', 'STOP'),
    });
  });
  await page.goto('#/settings');
  await page.getByRole('switch', { name: 'Call a provider with my own key' }).check();
  await page.getByLabel('Provider', { exact: true }).selectOption('gemini');
  await page.getByLabel('API key', { exact: true }).fill('AIza-teachers-key');
  await page.getByLabel('Provider address').fill('http://127.0.0.1:9/gemini');
  await page.getByRole('button', { name: 'Save my key settings' }).click();

  await openTool(page, reportCard);
  await page.getByLabel('Student’s first name').fill('Amara Nwosu');
  await page.getByLabel('Student traits and performance notes').fill('Amara has grown in confidence this term.');
  await page.getByText('What will be sent', { exact: true }).click();
  await page.getByText('Show the raw request', { exact: true }).click();
  await expect(page.getByText('Sent to http://127.0.0.1:9/gemini/v1beta/models/', { exact: false })).toBeVisible();
  const shown = JSON.parse(await page.getByLabel('Request body').innerText()) as unknown;

  await generateButton(page, reportCard).click();
  await expect(resultRegion(page)).toContainText('Amara Nwosu has grown in confidence. Well done, Amara Nwosu.');
  expect(received).toEqual([shown]);
});

test('with no backend set nothing leaves the browser: a whole generate and save ask only the app itself', async ({ page, baseURL }) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(baseURL!).origin && url.protocol !== 'data:' && url.protocol !== 'blob:') elsewhere.push(request.url());
  });
  await seedActiveProject(page);
  await openTool(page, reportCard);
  await page.getByLabel('Student’s first name').fill('Zanele');
  await page.getByLabel('Student traits and performance notes').fill('Zanele reads widely.');
  await page.getByText('What will be sent', { exact: true }).click();
  await page.getByText('Show the raw request', { exact: true }).click();
  await expect(page.getByText('Nothing is sent: no AI backend is set', { exact: false })).toBeVisible();
  await generateButton(page, reportCard).click();
  await resultRegion(page).getByRole('button', { name: 'Save to Project' }).click();
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeDisabled();
  expect(elsewhere).toEqual([]);
});

/** The names a request body holds, as words (the prompt's own "adjust" is not "Jun"); names that are words count only capitalised. */
function namesInBody(body: string, names: readonly string[]): string[] {
  return names.filter((name) => new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, /^(?:Will|Rose|Grace|Mark)$/u.test(name) ? 'u' : 'iu').test(body));
}

test('Report Card Generator with the name box blank: the first child in the notes goes as "Student A", the twin as "Person A", and neither name reaches the backend', async ({ page }) => {
  await seedActiveProject(page);
  await seedBackend(page);
  const backend = await fakeBackend(page, (request) => {
    const body = request.postData() ?? '';
    const found = namesInBody(body, ['Ngozi', 'Jun']);
    if (found.length > 0) return { status: 422, json: { error: `A name reached the backend: ${found.join(', ')}` } };
    return { json: { text: 'Student A has had a strong term. Student A reads widely and helps Person A with spelling.' } };
  });
  await openTool(page, reportCard);
  await expect(page.getByLabel('Student’s first name')).toHaveValue('');
  await page.getByLabel('Student traits and performance notes').fill('Ngozi, Year 5, reads widely and rushes word problems. Ngozi’s handwriting has improved.\nHer twin Jun is in the other class; Ngozi helps him with spelling.');
  // Said before anything leaves: who the blank box stands for.
  await expect(page.getByText('Student’s first name is blank: Ngozi, the first name in your notes, is taken as that person and sent as “Student A”.')).toBeVisible();
  await expect(page.getByText('These look like names and will be sent', { exact: false })).toHaveCount(0);

  await page.getByText('What will be sent', { exact: true }).click();
  await expect(page.getByText('Replaced before sending, and put back in the answer: Ngozi → Student A; Jun → Person A.', { exact: true })).toBeVisible();
  const own = page.getByRole('figure', { name: 'Student traits and performance notes, as it is sent' });
  await expect(own.locator('mark')).toHaveText(['Ngozi', 'Ngozi', 'Jun', 'Ngozi']);
  await expect(own).toContainText('Ngozi (sent as Student A), Year 5');
  await expect(own).toContainText('Her twin Jun (sent as Person A) is in the other class');
  await expect(page.getByText('Show the raw request', { exact: true })).toBeVisible();
  await scan(page, 'what will be sent: the teacher’s own text, names marked');

  await generateButton(page, reportCard).click();
  await expect(resultRegion(page)).toContainText('Ngozi has had a strong term. Ngozi reads widely and helps Jun with spelling.');
  const sent = JSON.stringify(backend.bodies());
  expect(backend.requests).toHaveLength(1);
  expect(namesInBody(sent, ['Ngozi', 'Jun'])).toEqual([]);
  expect(sent).toContain('Student A, Year 5');
  expect(sent).toContain('Her twin Person A is in the other class');
});

test('a name-like word the finder left is flagged beside Generate as it is typed; one tap replaces it, focus stays on the form, and the backend never sees it', async ({ page }) => {
  await seedActiveProject(page);
  await seedBackend(page);
  const backend = await fakeBackend(page, (request) => {
    const found = namesInBody(request.postData() ?? '', ['Leo', 'Will', 'Rose']);
    if (found.length > 0) return { status: 422, json: { error: `A name reached the backend: ${found.join(', ')}` } };
    return { json: { text: 'Student A built a volcano with Person A and Person B.' } };
  });
  await openTool(page, reportCard);
  await page.getByLabel('Student’s first name').fill('Leo');
  await page.getByLabel('Student traits and performance notes').fill('Leo built the volcano model with Will and Rose. I will ask him to label it.');
  const flag = page.getByRole('status').filter({ hasText: 'These look like names' });
  await expect(flag).toHaveText(/These look like names and will be sent: Will, Rose/u);
  await expect(page.getByText('These look like names and will be sent: Will, Rose', { exact: true })).toBeVisible();
  await scan(page, 'name flags beside Generate');

  // By keyboard: Enter on the button replaces both words, and focus goes to what it did.
  const replace = page.getByRole('button', { name: 'Replace them with placeholders' });
  await replace.focus();
  await page.keyboard.press('Enter');
  const done = page.getByText('Will, Rose are now sent as placeholders, and put back in the answer.');
  await expect(done).toBeFocused();
  await expect(page.getByText('These look like names and will be sent', { exact: false })).toHaveCount(0);

  await page.getByText('What will be sent', { exact: true }).click();
  await expect(page.getByText('Will → Person A; Rose → Person B', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Request body')).toContainText('I will ask him');

  await generateButton(page, reportCard).click();
  await expect(resultRegion(page)).toContainText('Leo built a volcano with Will and Rose.');
  expect(namesInBody(JSON.stringify(backend.bodies()), ['Leo', 'Will', 'Rose'])).toEqual([]);
});
