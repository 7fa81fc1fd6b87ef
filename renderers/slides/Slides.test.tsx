// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { slidesFixture as presentationTool } from '../testing/fixtures';
import { rendererProps } from '../testing/rendererProps';
import Slides from './Slides';

const { slides } = presentationTool.example.output;

afterEach(cleanup);

describe('Slides', () => {
  it('shows one card per slide, numbered, titled by a heading, with its points as a list', () => {
    render(<Slides {...rendererProps(presentationTool)} />);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(slides.length);
    slides.forEach((slide, i) => {
      const card = cards[i]!;
      expect(card.textContent).toContain(`Slide ${i + 1}`);
      expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(slide.title);
      expect(screen.getByRole('article', { name: `Slide ${i + 1} ${slide.title}` })).toBe(card);
      expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(slide.points);
    });
  });

  it('keeps the slides in order in a list', () => {
    render(<Slides {...rendererProps(presentationTool)} />);
    const list = screen.getByRole('list', { name: `${slides.length} slides` });
    expect(list.tagName).toBe('OL');
  });

  it('shows data that is not a slide deck the generic way', () => {
    render(<Slides {...rendererProps(presentationTool, { outline: 'Just text' })} />);
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByText('Just text')).toBeTruthy();
  });
});
