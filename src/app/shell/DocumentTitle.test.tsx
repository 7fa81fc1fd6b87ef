// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useProjects } from '../../features/projects';
import { App } from '../App';

/*
 * The app sets the tab's title on every route change, whichever way the user
 * got there (a link, the address bar, Back), and again when the project on
 * screen is renamed, so the title never names the page the user has left.
 */

function goTo(path: string) {
  act(() => {
    window.location.hash = `#${path}`;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.location.hash = '';
  document.title = 'StudyForge';
});

describe('the document title as the user moves around', () => {
  it('follows each route change and a rename of the project on screen', async () => {
    window.location.hash = '#/dashboard';
    render(<App />);
    await waitFor(() => expect(document.title).toBe('Dashboard · StudyForge'));

    goTo('/essay-buddy');
    await waitFor(() => expect(document.title).toBe('Essay Buddy · StudyForge'));

    const project = useProjects.getState().createProject('Biology revision');
    goTo(`/projects/${project.id}`);
    await waitFor(() => expect(document.title).toBe('Biology revision · StudyForge'));
    act(() => {
      useProjects.getState().renameProject(project.id, 'Chemistry');
    });
    await waitFor(() => expect(document.title).toBe('Chemistry · StudyForge'));

    goTo('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('StudyForge'));
  });
});
