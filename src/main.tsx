// First: zod's configuration must be set before any module builds a schema.
import './kernel/zodConfig';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadOnIntent } from './app/routeModules';
import { messages } from './kernel/messages';
import { syncAcrossTabs } from './app/crossTab';
import { followTheme } from './features/settings';
import './app/styles.css';

// The chosen theme before anything renders, so the page does not flash in the other one.
followTheme(window);

const root = document.getElementById('root');
if (!root) throw new Error(messages.noRootElement);

// Another tab saved, created, renamed or deleted something: this tab shows it, and keeps what it saved itself.
syncAcrossTabs(window);
// A screen's code starts loading as soon as a pointer or focus reaches a link to it.
preloadOnIntent(document);

// As a transition, React renders the first screen in slices of a few milliseconds and lets the browser in
// between, instead of in one long task: the page answers a tap or a key while it renders.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
