import type { Page } from '@playwright/test';

/*
 * When a change reaches the screen, as seen from inside the page. A
 * requestAnimationFrame callback runs before the frame is rendered; a message
 * posted from it runs after the rendering step, so its time is the nearest a
 * page can get to "painted" (web-vitals and React time paints the same way).
 */

export interface ProbeWindow {
  /** Calls back with performance.now() just after the next frame has been rendered. */
  benchAfterPaint(callback: (paintedAt: number) => void): void;
}

export async function installPaintProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as ProbeWindow).benchAfterPaint = (callback) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => callback(performance.now());
        channel.port2.postMessage(null);
      });
    };
  });
}

/** The nearest-rank median (one of the values, the lower middle of an even count) and the worst. */
export function medianAndWorst(values: readonly number[]): { median: number; worst: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.ceil(sorted.length / 2) - 1] ?? Number.NaN, worst: sorted.at(-1) ?? Number.NaN };
}
