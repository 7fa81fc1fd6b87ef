import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/*
 * Finds a Chromium to drive, in this order:
 *   1. CHROMIUM_PATH, if set;
 *   2. a system Chromium (Debian's /usr/bin/chromium, as on CI);
 *   3. the browser `npx playwright install chromium` downloads;
 *   4. an installed Google Chrome (Playwright's 'chrome' channel).
 * With none of these, it stops with instructions instead of a stack trace.
 */

export interface BrowserChoice {
  executablePath?: string;
  channel?: 'chrome';
  description: string;
}

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];
const CHROME_PATHS = [
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
];

function playwrightOwn(): string | undefined {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function findChromium(): BrowserChoice {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH is set to ${configured}, but no file is there.`);
    return { executablePath: configured, description: `CHROMIUM_PATH (${configured})` };
  }
  const system = SYSTEM_CHROMIUMS.find((p) => existsSync(p));
  if (system) return { executablePath: system, description: `system Chromium (${system})` };
  const own = playwrightOwn();
  if (own) return { executablePath: own, description: `Playwright's Chromium (${own})` };
  if (CHROME_PATHS.some((p) => existsSync(p))) return { channel: 'chrome', description: 'installed Google Chrome' };
  throw new Error(
    [
      'No Chromium-based browser found for the end-to-end tests. Install one of:',
      '  - Debian/Ubuntu:   sudo apt-get install -y chromium',
      "  - any system:      npx playwright install chromium   (downloads Playwright's own)",
      '  - or Google Chrome, or set CHROMIUM_PATH=/path/to/chromium',
    ].join('\n'),
  );
}
