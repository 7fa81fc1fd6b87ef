import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { kb, record, work } from './harness';

/*
 * The floor under the dashboard's first load: React and react-dom
 * on their own, as a one-button app built by the same bundler, minified and
 * gzipped alike. No screen of this app can load less than this, so the
 * dashboard's budget is read against it: what the app itself adds is the
 * difference.
 */

const ENTRY = `import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
function Counter() {
  const [count, setCount] = useState(0);
  return createElement('button', { type: 'button', onClick: () => setCount(count + 1) }, count);
}
createRoot(document.getElementById('root')).render(createElement(Counter));
`;

export async function measureReactFloor(dashboardJs: number): Promise<void> {
  console.log('\nReact on its own (the floor under every route)');
  // Inside the repository, so 'react' resolves to the version the app uses.
  const dir = path.join(work, 'react-floor');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>\n');
  await writeFile(path.join(dir, 'main.js'), ENTRY);
  const built = await build({ root: dir, configFile: false, logLevel: 'warn', build: { write: false } });
  const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
  const js = outputs
    .flatMap((output) => output.output)
    .reduce((sum, file) => sum + (file.type === 'chunk' ? gzipSync(file.code, { level: 9 }).length : 0), 0);
  record('React and react-dom alone (a one-button app, same bundler)', kb(js));
  record('#/dashboard JavaScript beyond React', kb(dashboardJs - js));
}
