import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { messages } from './engine/messages';
import { useProjects } from './engine/stores/projects';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error(messages.noRootElement);

// Another tab saved or created something: re-read so this tab shows it.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key.startsWith('studyforge:')) useProjects.getState().reload();
});

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
