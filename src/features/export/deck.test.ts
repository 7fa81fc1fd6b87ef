import { describe, expect, it } from 'vitest';
import type { ContractSchema } from '../../kernel/contractSchema';
import { hasSlides, openingOf, slidesOf, deckOf } from './deck';
import { defaultDocument, resultBlocks } from './document';
import type { ExportDocument } from './documentModel';

/*
 * A result's document read as a deck: one titled slide per section, the
 * class's text on the slide, the presenter's details (times, what happens,
 * nested points) in clean notes; titled and named by the topic.
 */

const doc = (markdown: string): ExportDocument => ({ title: 'Tool', meta: [], blocks: resultBlocks(markdown) });

const lesson = `### Discovery lab
Objective: describe photosynthesis.

| Phase | Time | What happens |
|---|---|---|
| Hook | 5 min | Show a sealed jar. |
| Exit ticket | 10 min | "Write the word equation." |`;

describe('a document as slides', () => {
  it("a lesson plan: the variant's name on its section's slide, the phases on the slide, their times and details in the notes", () => {
    const data = { variant1: lesson, variant2: lesson.replace('Discovery lab', 'Relay'), differentiation: ['Support: a word bank.', '• Stretch: the symbol equation.'] };
    const slides = slidesOf(defaultDocument({ toolTitle: 'Lesson Plan Variator', data }));
    expect(slides.map((s) => s.title)).toEqual(['Variant 1: Discovery lab', 'Variant 2: Relay', 'Differentiation']);
    expect(slides[0]).toEqual({
      title: 'Variant 1: Discovery lab',
      points: ['Objective: describe photosynthesis.', 'Hook', 'Exit ticket'],
      bulleted: true,
      notes: ['Hook (5 min): Show a sealed jar.', 'Exit ticket (10 min): "Write the word equation."'],
    });
    // A list is the slide's text; nothing is left to repeat in the notes.
    expect(slides[2]).toMatchObject({ points: ['Support: a word bank.', '• Stretch: the symbol equation.'], notes: [] });
  });

  it('a study plan: a heading over several days leaves each day its own slide; the opening line goes to the title slide notes', () => {
    const plan = doc('You have 3 days.\n\n## Overview\nMoles first.\n\n## Day-by-day plan\n### Day 1: Monday\n- Moles (40 min)\n  - • worked examples\n  - Moles (40 min)\n### Day 2: Tuesday\n- Respiration (30 min)\n\n## Tips\n- Sleep.');
    const slides = slidesOf(plan);
    expect(slides.map((s) => s.title)).toEqual(['Overview', 'Day 1: Monday', 'Day 2: Tuesday', 'Tips']);
    expect(slides[0]).toMatchObject({ points: ['Moles first.'], bulleted: false, notes: [] });
    // Nested points are notes, as prose: the bullet dropped, the slide's own line not repeated.
    expect(slides[1]).toMatchObject({ points: ['Moles (40 min)'], notes: ['worked examples'] });
    expect(openingOf(plan)).toEqual(['You have 3 days.']);
  });

  it('a levelled text: one slide per level holding its text', () => {
    const schema: ContractSchema = { type: 'OBJECT', properties: { levelA2: { type: 'STRING', description: 'A2 (elementary)' }, levelB1: { type: 'STRING', description: 'B1 (intermediate)' } } };
    const slides = slidesOf(defaultDocument({ toolTitle: 'Differentiated Text Generator', schema, data: { levelA2: 'Bees are important.', levelB1: 'Bees matter for farms.' } }));
    expect(slides).toEqual([
      { title: 'A2 (elementary)', points: ['Bees are important.'], bulleted: false, notes: [] },
      { title: 'B1 (intermediate)', points: ['Bees matter for farms.'], bulleted: false, notes: [] },
    ]);
  });

  it('is offered only for a document with a titled section', () => {
    expect(hasSlides(doc('## Summary\nPlants make sugar.'))).toBe(true);
    expect(hasSlides(doc('Just a paragraph.\n\n- and a list'))).toBe(false);
    expect(hasSlides(doc('## Empty heading\n## Another'))).toBe(false);
    expect(hasSlides(defaultDocument({ toolTitle: 'Tool', data: 'Plain answer.' }))).toBe(false);
  });

  it("is titled by the topic and names StudyForge's tool in its subject; the tool's name when no topic is known", () => {
    expect(deckOf({ toolTitle: 'Lesson Plan Variator', topic: 'Photosynthesis', data: {} }, [])).toMatchObject({ title: 'Photosynthesis', subject: 'Lesson Plan Variator - Photosynthesis' });
    expect(deckOf({ toolTitle: 'SmartNotes', data: '## Key ideas\n- **Osmosis** moves water.' }, []).title).toBe('Osmosis');
    expect(deckOf({ toolTitle: 'Differentiated Text Generator', data: { levelA2: 'x' } }, [], ['Differentiated Text Generator', 'Made today'])).toMatchObject({
      title: 'Differentiated Text Generator',
      subject: 'Differentiated Text Generator',
      opening: ['Made today'],
    });
  });
});
