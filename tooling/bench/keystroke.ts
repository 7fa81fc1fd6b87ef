import type { Browser } from '@playwright/test';
import { ms, newPage, record } from './harness';
import { installPaintProbe, medianAndWorst, type ProbeWindow } from './probe';

/*
 * A keystroke in a long textarea, INP-style: SmartNotes' text
 * filled with 5,000 characters, then 20 keys pressed at its end. The figure
 * is Event Timing's: per keystroke, the longest of its keydown, keypress and
 * input entries (input to the next paint). Event Timing reports nothing under
 * 16 ms, so when no keystroke reaches that, the figure falls back to the key
 * event's timestamp to just after the next frame, timed in the page.
 */

const LENGTH = 5000;
const KEYSTROKES = 20;
/** Event Timing's smallest threshold. */
const THRESHOLD = 16;
const MEASURED = ['keydown', 'keypress', 'input'];

interface KeyWindow extends ProbeWindow {
  /** Set once the textarea is filled: the fill's own input events are not keystrokes. */
  benchMeasuring?: boolean;
  /** Each measured keydown's event.timeStamp. */
  benchKeys: number[];
  /** Each measured keydown's timestamp to just after the next frame. */
  benchFrames: number[];
  benchEntries: { name: string; startTime: number; duration: number }[];
}

export async function measureKeystroke(browser: Browser, base: string) {
  console.log('\nTyping');
  const page = await newPage(browser);
  await installPaintProbe(page);
  await page.addInitScript((threshold) => {
    const w = window as unknown as KeyWindow;
    w.benchKeys = [];
    w.benchFrames = [];
    w.benchEntries = [];
    window.addEventListener(
      'keydown',
      (event) => {
        if (!w.benchMeasuring) return;
        const at = event.timeStamp;
        w.benchKeys.push(at);
        w.benchAfterPaint((paintedAt) => w.benchFrames.push(paintedAt - at));
      },
      { capture: true },
    );
    // durationThreshold is in Event Timing but not yet in TypeScript's DOM types.
    const options: PerformanceObserverInit & { durationThreshold: number } = { type: 'event', durationThreshold: threshold, buffered: true };
    new PerformanceObserver((list) => {
      for (const { name, startTime, duration } of list.getEntries()) w.benchEntries.push({ name, startTime, duration });
    }).observe(options);
  }, THRESHOLD);
  await page.goto(`${base}#/smart-notes`);
  const textarea = page.getByLabel('Text to summarise');
  const text = 'Photosynthesis turns light into chemical energy in the chloroplasts of green plants. '.repeat(Math.ceil(LENGTH / 80)).slice(0, LENGTH);
  await textarea.fill(text);
  await textarea.evaluate((element) => {
    const area = element as HTMLTextAreaElement;
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
    (window as unknown as KeyWindow).benchMeasuring = true;
  });
  for (let i = 1; i <= KEYSTROKES; i++) {
    await page.keyboard.press('a');
    // One keystroke's frame at a time, at a brisk typist's pace, so no two share a paint.
    await page.waitForFunction((n) => (window as unknown as KeyWindow).benchFrames.length >= n, i);
    await page.waitForTimeout(100);
  }
  // Event Timing entries are delivered after their paint is presented; give the last one time to arrive.
  await page.waitForTimeout(500);
  const { keys, frames, entries, length } = await page.evaluate(() => {
    const w = window as unknown as KeyWindow;
    return { keys: w.benchKeys, frames: w.benchFrames, entries: w.benchEntries, length: (document.activeElement as HTMLTextAreaElement).value.length };
  });
  await page.context().close();
  if (length !== LENGTH + KEYSTROKES) throw new Error(`the textarea holds ${length} characters, not ${LENGTH + KEYSTROKES}`);

  // Each entry belongs to the latest keydown at or before it; a keystroke without one was under the threshold (0 here).
  const perKey = keys.map((at, i) => {
    const next = keys[i + 1] ?? Number.POSITIVE_INFINITY;
    const own = entries.filter((e) => MEASURED.includes(e.name) && e.startTime >= at && e.startTime < next);
    return Math.max(0, ...own.map((e) => e.duration));
  });
  const what = `a keystroke in a ${LENGTH.toLocaleString('en')}-character textarea (#/smart-notes), median / worst of ${KEYSTROKES}`;
  const reported = perKey.filter((d) => d > 0).length;
  if (reported === 0) {
    const { median, worst } = medianAndWorst(frames);
    record(`${what} (Event Timing reported none over ${THRESHOLD} ms; requestAnimationFrame fallback: key event to the next frame)`, `${ms(median)} / ${ms(worst)}`);
    return;
  }
  const { median, worst } = medianAndWorst(perKey);
  const below = median < THRESHOLD ? `< ${THRESHOLD} ms` : ms(median);
  record(`${what} (Event Timing: longest keydown / keypress / input entry; ${KEYSTROKES - reported} of ${KEYSTROKES} under ${THRESHOLD} ms)`, `${below} / ${ms(worst)}`);
}
