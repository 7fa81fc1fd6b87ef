// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadParts, SettingsPage } from './SettingsPage';
import { serverKeepsHeading } from './WhatTheServerKeeps';

// The page's parts, as its route loads them before showing it.
await preloadParts();

/*
 * Settings tells a signed-in person what the server keeps only where the
 * server offers sign-in: elsewhere it keeps nothing, and the page says that
 * everything stays in this browser.
 */

function servedWith(config: object) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'studyforge-config';
  element.textContent = JSON.stringify({ backendUrl: '.', publicKey: '', transcribeUrl: '', ...config });
  document.head.append(element);
}

afterEach(() => {
  cleanup();
  document.getElementById('studyforge-config')?.remove();
});

describe('What the server keeps', () => {
  it('is said where the server offers sign-in: what it keeps, that the own AI key never goes, who sees it', () => {
    servedWith({ accounts: { providers: [{ id: 'school', label: 'School account' }] } });
    render(<SettingsPage />);
    const section = screen.getByRole('region', { name: serverKeepsHeading });
    expect(section.textContent).toMatch(/keeps a copy of your projects, saved results, study progress/);
    expect(section.textContent).toMatch(/Your own AI key never leaves this browser/);
    expect(section.textContent).toMatch(/Only you and the people who run the server can see it/);
    expect(section.textContent).toMatch(/In a class you join, its teachers see your name there and your work on its assignments/);
    expect(section.querySelector('a')).toBeNull();
  });

  it('is not there when the server has no sign-in, nor when the app runs without our server', () => {
    servedWith({});
    render(<SettingsPage />);
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: serverKeepsHeading })).toBeNull();
    cleanup();
    document.getElementById('studyforge-config')?.remove();
    render(<SettingsPage />);
    expect(screen.queryByRole('region', { name: serverKeepsHeading })).toBeNull();
  });
});
