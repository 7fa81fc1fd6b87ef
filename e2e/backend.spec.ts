import { expect, test, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { contractSchemaOf } from '../src/kernel/runTool';
import {
  exampleAnswer,
  fakeBackend,
  fillFromExample,
  generateButton,
  openTool,
  resultRegion,
  sampleBanner,
  seedBackend,
  sidebar,
  toolById,
  type FakeReply,
} from './support/app';
import { expectedTextOf, loadRegistry } from './support/registry';

/*
 * The backend contract (spec 7.1) against a backend faked with page.route:
 * the request, the answer, every fault the user can meet (spec 8), the
 * sample banner, and the Settings screen that points the app at a backend.
 */

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy'); // structured
const smartNotes = toolById(tools, 'smart-notes'); // markdown

const backendUrl = 'http://127.0.0.1:9/backend';

async function openFilled(page: Page, tool: ToolDeclaration) {
  await openTool(page, tool);
  await fillFromExample(page, tool);
}

test('a structured tool sends the contract request and shows the answer', async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  await openFilled(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));

  expect(backend.requests).toHaveLength(1);
  const request = backend.requests[0]!;
  expect(request.url()).toBe(`${backendUrl}/functions/v1/gemini`);
  expect(request.method()).toBe('POST');
  const headers = await request.allHeaders();
  expect(headers['content-type']).toMatch(/^application\/json/);
  expect(headers['authorization']).toBe('Bearer test-public-key');

  const body = request.postDataJSON() as {
    contents: unknown;
    config: { responseMimeType: unknown; responseSchema: { type: unknown; properties: Record<string, unknown>; required: unknown } };
  };
  // The spec's body, plus the asking tool's id for the school's usage counts, and nothing else.
  expect(Object.keys(body).sort()).toEqual(['config', 'contents', 'tool']);
  expect((body as { tool?: unknown }).tool).toBe(essayBuddy.id);
  expect(typeof body.contents).toBe('string');
  const input = essayBuddy.example.input as { topic: string };
  expect(body.contents).toContain(input.topic);
  expect(body.config.responseMimeType).toBe('application/json');
  expect(body.config.responseSchema.type).toBe('OBJECT');
  expect(Object.keys(body.config.responseSchema.properties).sort()).toEqual(['introParagraph', 'structure', 'thesis']);
  expect(body.config.responseSchema.required).toEqual(expect.arrayContaining(['thesis', 'structure', 'introParagraph']));
  expect(body.config.responseSchema).toEqual(contractSchemaOf(essayBuddy.result as Exclude<typeof essayBuddy.result, 'markdown'>));
});

test('a markdown tool sends no config and shows the text', async ({ page }) => {
  await seedBackend(page);
  const answer = '## Summary\nPlants turn sunlight into sugar in their chloroplasts.';
  const backend = await fakeBackend(page, { json: { text: answer } });
  await openFilled(page, smartNotes);
  await generateButton(page, smartNotes).click();
  await expect(resultRegion(page)).toContainText('Plants turn sunlight into sugar in their chloroplasts.');

  expect(backend.requests).toHaveLength(1);
  const body = backend.bodies()[0] as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['contents', 'tool']);
  expect(body.tool).toBe(smartNotes.id);
  expect(body.contents).toEqual(expect.any(String));
  expect(body).not.toHaveProperty('config');
});

interface Fault {
  name: string;
  tool: ToolDeclaration;
  reply: FakeReply;
  message: string | RegExp;
  /** Requests the fault costs: an unusable answer is asked for once more. */
  attempts?: number;
}

const faults: Fault[] = [
  { name: '500 with an error body', tool: smartNotes, reply: { status: 500, json: { error: 'Model overloaded' } }, message: 'Model overloaded' },
  {
    name: '502 with an HTML body',
    tool: smartNotes,
    reply: { status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
    message: 'Request failed with status 502',
  },
  {
    name: 'text that is not JSON for a structured tool',
    tool: essayBuddy,
    reply: { json: { text: 'not json' } },
    message: 'The AI returned an invalid format. Please try again.',
    // An unusable answer is asked for once more before the user sees the error.
    attempts: 2,
  },
  {
    name: 'JSON that does not fit the schema',
    tool: essayBuddy,
    reply: { json: { text: JSON.stringify({ thesis: 42, structure: 'one section' }) } },
    message: 'The AI returned an invalid format. Please try again.',
    attempts: 2,
  },
  {
    name: 'a refused connection',
    tool: essayBuddy,
    reply: { abort: 'connectionrefused' },
    message: /^Could not reach the AI backend/,
  },
];

for (const fault of faults) {
  test(`fault: ${fault.name} shows the error and leaves the form usable`, async ({ page }) => {
    await seedBackend(page);
    const backend = await fakeBackend(page, fault.reply);
    await openFilled(page, fault.tool);
    await generateButton(page, fault.tool).click();

    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert.getByText('Error', { exact: true })).toBeVisible();
    await expect(alert.getByText(fault.message, { exact: typeof fault.message === 'string' })).toBeVisible();
    await expect(resultRegion(page)).toHaveCount(0);

    // The inputs are kept and Generate works again.
    const input = fault.tool.example.input as Record<string, unknown>;
    const first = fault.tool.fields[0]!;
    await expect(page.getByLabel(first.label, { exact: true })).toHaveValue(String(input[first.name]));
    await expect(generateButton(page, fault.tool)).toBeEnabled();

    // A later successful request clears the error and shows the result.
    backend.reply({ json: exampleAnswer(fault.tool) });
    await generateButton(page, fault.tool).click();
    await expect(resultRegion(page)).toContainText(expectedTextOf(fault.tool));
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(backend.requests).toHaveLength((fault.attempts ?? 1) + 1);
  });
}

test('a fenced JSON answer is still read', async ({ page }) => {
  await seedBackend(page);
  await fakeBackend(page, { json: { text: '```json\n' + exampleAnswer(essayBuddy).text + '\n```' } });
  await openFilled(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
});

test('blank input never reaches the backend', async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  await openTool(page, essayBuddy);
  const topic = page.getByLabel('Essay topic or question', { exact: true });
  await topic.fill('    ');
  await expect(generateButton(page, essayBuddy)).toBeDisabled();
  await topic.press('Enter');
  await generateButton(page, essayBuddy).click({ force: true });
  await expect(resultRegion(page)).toHaveCount(0);
  expect(backend.requests).toHaveLength(0);

  // Then a real request: if the blank one had been sent, it would be counted before this one.
  await topic.fill('Is homework useful?');
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toBeVisible();
  expect(backend.requests).toHaveLength(1);
  expect((backend.bodies()[0] as { contents: string }).contents).toContain('Is homework useful?');
});

test.describe('sample banner', () => {
  test("shows 'Sample answers.' without a backend", async ({ page }) => {
    await page.goto('#/dashboard');
    await expect(sampleBanner(page)).toBeVisible();
    await expect(sampleBanner(page)).toContainText('Sample answers.');
  });

  test('is one line that links to Settings; how to run it yourself is in Settings, not on every page', async ({ page }) => {
    await page.goto('#/dashboard');
    await expect(sampleBanner(page)).toContainText('Sample answers. No AI is connected. Connect an AI in Settings');
    await expect(sampleBanner(page)).not.toContainText('npm start');
    await expect(sampleBanner(page).getByRole('link', { name: 'Connect an AI in Settings' })).toHaveAttribute('href', '#/settings');
  });

  test("served by the gateway without a provider, Settings names the gateway's .env", async ({ page }) => {
    // What npm start writes into index.html when it has no provider (server/appConfig.ts): blank backend, samples.
    await page.route(/\/(index\.html)?(\?.*)?$/, async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const config = JSON.stringify({ backendUrl: '', publicKey: '', transcribeUrl: '' });
      const html = (await response.text()).replace('</head>', `<script type="application/json" id="studyforge-config">${config}</script></head>`);
      await route.fulfill({ response, body: html });
    });
    await page.goto('#/settings');
    await expect(sampleBanner(page)).toContainText('Sample answers.');
    await page.getByText("Advanced (for a school's own backend)", { exact: true }).click();
    const steps = page.getByRole('region', { name: 'Running StudyForge yourself' });
    await expect(steps).toContainText(
      "This copy is served by npm start: set GEMINI_API_KEY (or OPENAI_BASE_URL / OLLAMA_URL) in the gateway's .env and restart it.",
    );
    await expect(steps).not.toContainText('Start it with npm start');
  });

  test('is gone with a backend', async ({ page }) => {
    await seedBackend(page);
    await page.goto('#/dashboard');
    await expect(page.getByRole('tab', { name: 'All Tools' })).toBeVisible();
    await expect(sampleBanner(page)).toHaveCount(0);
    await expect(page.getByText('Sample answers.')).toHaveCount(0);
  });
});

test.describe('Settings', () => {
  test('saving a backend URL and key sends the next Generate there and removes the banner', async ({ page }) => {
    const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
    await page.goto('#/dashboard');
    await expect(sampleBanner(page)).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // The backend's fields are folded under Advanced while empty.
    await page.getByText("Advanced (for a school's own backend)", { exact: true }).click();
    await page.getByLabel('Backend URL').fill('http://127.0.0.1:9/custom-backend/');
    await page.getByLabel('Public client key').fill('custom-key');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
    await expect(sampleBanner(page)).toHaveCount(0);

    await sidebar(page).getByRole('link', { name: essayBuddy.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: essayBuddy.title })).toBeVisible();
    await fillFromExample(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));

    expect(backend.requests).toHaveLength(1);
    expect(backend.requests[0]!.url()).toBe('http://127.0.0.1:9/custom-backend/functions/v1/gemini');
    expect((await backend.requests[0]!.allHeaders())['authorization']).toBe('Bearer custom-key');

    // The settings are kept across a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: essayBuddy.title })).toBeVisible();
    await expect(sampleBanner(page)).toHaveCount(0);
  });

  test('an invalid URL shows a field error', async ({ page }) => {
    await page.goto('#/settings');
    await page.getByText("Advanced (for a school's own backend)", { exact: true }).click();
    const url = page.getByLabel('Backend URL');
    await url.fill('not a url');
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toHaveAccessibleDescription(/http:\/\/ or https:\/\//);
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    await url.fill('ftp://example.org');
    await expect(url).toHaveAttribute('aria-invalid', 'true');

    await url.fill('https://example.org');
    await expect(url).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });
});
