// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../ui/lazyComponent';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** A page whose code fails to arrive `failures` times, then arrives. */
function flakyPage(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/Settings-abc.js');
    return () => <h1>Settings</h1>;
  });
  return { load, Page: lazyComponent(load).Component };
}

function showRoute(Page: React.ComponentType) {
  render(
    <RouteErrorBoundary>
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>,
  );
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a page whose code cannot arrive', () => {
  it('says so in plain words, not the browser\'s, and Try again loads it', async () => {
    const user = userEvent.setup();
    const { load, Page } = flakyPage(2);
    showRoute(Page);
    expect(await screen.findByRole('heading', { name: 'This page could not load' })).toBeTruthy();
    expect(document.body.textContent).toContain('Check your connection and try again.');
    expect(document.body.textContent).not.toContain('dynamically imported');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('status')).textContent).toBe('It still could not load.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a page that fails for another reason still shows the error box with its details', async () => {
    function Broken(): React.ReactNode {
      throw new Error('stored data is not what the page expects');
    }
    showRoute(Broken);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(document.body.textContent).toContain('stored data is not what the page expects');
  });
});
