// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '../../src/kernel/safeHtml';
import { setBlockDirections } from './blockDirections';

/* Which way each block of an answer reads on screen, as Word and print lay it out. */

function rendered(markdown: string, language: string): HTMLElement {
  const answer = document.createElement('div');
  answer.lang = language;
  const view = document.createElement('div');
  view.innerHTML = markdownToSafeHtml(markdown);
  answer.append(view);
  document.body.replaceChildren(answer);
  setBlockDirections(view);
  return view;
}

const directions = (view: HTMLElement) => [...view.children].map((block) => block.getAttribute('dir'));

describe('an answer on screen', () => {
  it('in English, quoting Arabic: only the Arabic block reads right to left', () => {
    const view = rendered('## Photosynthesis\n\nPlants make food.\n\nتصنع النباتات غذاءها.\n\n- water', 'en');
    expect(directions(view)).toEqual([null, null, 'rtl', null]);
  });

  it('asked in Arabic: every block reads right to left, one starting with an English word too', () => {
    const view = rendered('## البناء الضوئي\n\nDNA يحمل المعلومات.', 'ar');
    expect(directions(view)).toEqual(['rtl', 'rtl']);
  });

  it('a model writing its own dir has it dropped by the sanitiser: only this decision sets one', () => {
    const view = rendered('<p dir="rtl">Plain English.</p>\n\nMore English.', 'en');
    expect(view.querySelectorAll('[dir]')).toHaveLength(0);
  });
});
