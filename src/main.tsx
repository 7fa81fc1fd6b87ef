import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { messages } from './engine/messages';
import { syncAcrossTabs } from './engine/stores/crossTab';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error(messages.noRootElement);

// Another tab saved, created, renamed or deleted something: this tab shows it, and keeps what it saved itself.
syncAcrossTabs(window);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
