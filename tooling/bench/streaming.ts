import type { Browser, Page } from '@playwright/test';
import type { StreamEvent } from '../../src/kernel/backend/streamProtocol';
import { storageKeys } from '../../src/kernel/stored/storage';
import { heldStream, startFakeContractServer, type FakeContractServer } from '../../src/kernel/testing/fakeContractServer';
import { ms, newPage, record } from './harness';
import { installPaintProbe, medianAndWorst, type ProbeWindow } from './probe';

/*
 * Generate to the first streamed character on screen, on
 * SmartNotes against a fake backend whose stream the bench writes by hand:
 * from the Generate click, with the first chunk sent as soon as the request
 * opens (what a user waits for, less the model), and from the chunk's arrival
 * (the app's own share).
 */

const FIRST_CHUNK: StreamEvent = { event: 'delta', data: { text: '## Summary\nChloroplasts ' } };
const DONE: StreamEvent = { event: 'done', data: { text: '## Summary\nChloroplasts make sugar.' } };
const CLICK_RUNS = 5;

interface StreamWindow extends ProbeWindow {
  /** The Generate click's event.timeStamp (performance.now() clock). */
  clickedAt?: number;
  /** performance.now() just after the first frame showing the streamed word. */
  paintedAt?: number;
}

/** SmartNotes, pointed at the fake backend, noting the click and the first paint of the streamed word. */
async function streamingPage(browser: Browser, backend: FakeContractServer, base: string): Promise<Page> {
  const page = await newPage(browser);
  await installPaintProbe(page);
  await page.addInitScript(
    ({ key, url }) => localStorage.setItem(key, JSON.stringify({ backendUrl: url, publicKey: 'bench' })),
    { key: storageKeys.settings, url: backend.url },
  );
  await page.addInitScript(() => {
    const w = window as unknown as StreamWindow;
    // Capture phase on window: the click's timestamp before any of the app's handlers run.
    window.addEventListener('click', (event) => (w.clickedAt = event.timeStamp), { capture: true });
    let seen = false;
    new MutationObserver(() => {
      // The body is null while the parser is still in the head.
      if (seen || !document.body?.textContent?.includes('Chloroplasts')) return;
      seen = true;
      w.benchAfterPaint((at) => (w.paintedAt = at));
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`${base}#/smart-notes`);
  await page.getByLabel('Text to summarise').fill('Photosynthesis happens in leaves.');
  return page;
}

const painted = (page: Page) => page.waitForFunction(() => (window as unknown as StreamWindow).paintedAt !== undefined);

/** Click to paint, on a fresh page each run (each a first Generate), the first chunk written as the request opens. */
async function clickToPaint(browser: Browser, backend: FakeContractServer, base: string): Promise<number> {
  const stream = heldStream();
  backend.respond((request, response) => {
    stream.responder(request, response);
    stream.send(FIRST_CHUNK);
  });
  const page = await streamingPage(browser, backend, base);
  await page.getByRole('button', { name: 'Generate' }).click();
  await painted(page);
  const { clickedAt, paintedAt } = await page.evaluate(() => {
    const w = window as unknown as StreamWindow;
    return { clickedAt: w.clickedAt ?? Number.NaN, paintedAt: w.paintedAt ?? Number.NaN };
  });
  stream.send(DONE);
  stream.end();
  await page.context().close();
  return paintedAt - clickedAt;
}

/** The chunk's arrival to its paint: the stream held open 200 ms, so the page is idle when the chunk comes. */
async function arrivalToPaint(browser: Browser, backend: FakeContractServer, base: string): Promise<number> {
  const stream = heldStream();
  backend.respond(stream.responder);
  const page = await streamingPage(browser, backend, base);
  await page.getByRole('button', { name: 'Generate' }).click();
  await stream.opened;
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sentAt = Date.now();
  stream.send(FIRST_CHUNK);
  await painted(page);
  // The page's clock against Node's: both read the system clock, to well under a millisecond here.
  const paintedAt = await page.evaluate(() => performance.timeOrigin + ((window as unknown as StreamWindow).paintedAt ?? Number.NaN));
  stream.send(DONE);
  stream.end();
  await page.context().close();
  return paintedAt - sentAt;
}

export async function measureStreamPaint(browser: Browser, base: string) {
  console.log('\nStreaming');
  const backend = await startFakeContractServer({ cors: true });
  try {
    const clicks: number[] = [];
    for (let run = 0; run < CLICK_RUNS; run++) clicks.push(await clickToPaint(browser, backend, base));
    const { median, worst } = medianAndWorst(clicks);
    record(`Generate → first streamed character (click to paint; first chunk sent as the request opens; median / worst of ${CLICK_RUNS} fresh pages)`, `${ms(median)} / ${ms(worst)}`);
    record('Generate → first streamed character (chunk arrival to paint; chunk sent 200 ms after the request opens)', ms(await arrivalToPaint(browser, backend, base)));
  } finally {
    await backend.close();
  }
}
