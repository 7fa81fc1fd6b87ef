import { expect, test, type Page } from '@playwright/test';
import { fakeBackend, flowProject, generateButton, openTool, resultRegion, seedActiveProject, seedBackend, toolById, type FakeBackend } from './support/app';
import { exportFile, wordParagraphs } from './support/exportFiles';
import { loadRegistry } from './support/registry';

/*
 * Names stay in the school (issue 17): a teacher types a student's and a
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
  await expect(page.getByText('Nothing is sent: no AI backend is set', { exact: false })).toBeVisible();
  await generateButton(page, reportCard).click();
  await resultRegion(page).getByRole('button', { name: 'Save to Project' }).click();
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeDisabled();
  expect(elsewhere).toEqual([]);
});
