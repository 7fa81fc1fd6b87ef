// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusPageHeading } from './focusPageHeading';

/** Puts a focusable h1 into <main>, as a route does once its code has arrived. */
function showHeading(text: string): HTMLElement {
  const heading = document.createElement('h1');
  heading.tabIndex = -1;
  heading.textContent = text;
  document.getElementById('main')!.replaceChildren(heading);
  return heading;
}

/** Lets the MutationObserver see what changed. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('focusPageHeading', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<main id="main"><span>Loading...</span></main>';
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('focuses a heading that is already there', () => {
    const heading = showHeading('Projects');
    stop = focusPageHeading();
    expect(document.activeElement).toBe(heading);
  });

  it('still focuses the heading of a route whose code takes 8 s to arrive, as on a slow laptop', async () => {
    stop = focusPageHeading();
    await vi.advanceTimersByTimeAsync(8000);
    const heading = showHeading('Biology');
    await settle();
    expect(document.activeElement).toBe(heading);
  });

  it('follows the heading when the page swaps it in the moments after it appears', async () => {
    stop = focusPageHeading();
    showHeading('Loading tool');
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    const replaced = showHeading('SmartNotes');
    await settle();
    expect(document.activeElement).toBe(replaced);
  });

  it('stops once the user presses a key: focus is never taken from someone who has moved on', async () => {
    stop = focusPageHeading();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    showHeading('Biology');
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves alone a heading that appears after the page has settled', async () => {
    stop = focusPageHeading();
    showHeading('Projects');
    await settle();
    await vi.advanceTimersByTimeAsync(3500);
    (document.activeElement as HTMLElement).blur();
    const later = showHeading('Projects again');
    await settle();
    expect(document.activeElement).not.toBe(later);
  });
});
