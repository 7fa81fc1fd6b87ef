import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'textbook-buddy',
  title: 'Textbook Buddy',
  description: 'Break down a dense textbook passage into a short summary, the key terms defined and the lines worth highlighting.',
  icon: 'menu_book',
  category: 'Notes and summaries',
  subjects: ['science', 'biology', 'history', 'chemistry', 'physics', 'geography'],
  keywords: [
    'textbook', 'reading', 'summary', 'key terms', 'highlight', 'chapter', 'dense text', 'definitions', 'revise',
    'revision', 'understand', 'notes', 'reading homework',
  ],
  fields: [
    {
      name: 'passage',
      kind: 'textarea',
      label: 'Textbook passage',
      placeholder: 'Paste a section or a few paragraphs from your textbook...',
      required: true,
    },
  ],
  prompt: `You are a study partner helping a secondary-school or university student work through a textbook passage they find dense.

Read the passage below and write:
- A summary: three to five sentences in plain language giving the main point of the passage and how its ideas connect.
- Key terms: the most important technical terms in the passage, each with a one- or two-sentence definition in student-friendly words. Use the meaning the passage gives; if the passage does not define a term, give the standard definition for this subject.
- Worth highlighting: key sentences or facts a student should highlight for revision, each a short line close to the passage's own wording, in the order they appear.

Only use facts that are in the passage or standard textbook knowledge needed to define its terms; do not add new claims, examples or figures.

The passage:
{{passage}}`,
  result: z.object({
    summary: z.string().min(1).describe('Summary'),
    definitions: z
      .array(
        z.object({
          term: z.string().min(1).describe('Term'),
          definition: z.string().min(1).describe('Definition'),
        }),
      )
      .min(3)
      .max(8)
      .describe('Key terms'),
    highlights: z.array(z.string().min(1)).min(3).max(6).describe('Worth highlighting'),
  }),
  example: {
    input: {
      passage:
        'The cell membrane is a partially permeable barrier that controls what enters and leaves the cell. Small molecules such as oxygen and carbon dioxide cross it by diffusion: the net movement of particles from a region of higher concentration to a region of lower concentration. Diffusion is a passive process, so it needs no energy from the cell. Osmosis is a special case of diffusion involving water. In osmosis, water molecules move across a partially permeable membrane from a dilute solution (high water potential) to a more concentrated solution (low water potential). When a concentration gradient must be overcome, for example when root hair cells absorb mineral ions from dilute soil water, cells use active transport. Active transport moves substances from a lower to a higher concentration using energy from respiration, released as ATP, and carrier proteins in the membrane.',
    },
    output: {
      summary:
        'The cell membrane decides what can enter and leave a cell. Substances move across it in three main ways: diffusion and osmosis are passive and follow a concentration gradient, while active transport moves substances against a gradient. Because active transport works "uphill", it needs energy from respiration and carrier proteins in the membrane.',
      definitions: [
        { term: 'Partially permeable membrane', definition: 'A membrane that lets some molecules pass through but not others, like the cell membrane.' },
        { term: 'Diffusion', definition: 'The net movement of particles from a region of higher concentration to a region of lower concentration. It is passive and needs no energy.' },
        { term: 'Concentration gradient', definition: 'The difference in concentration between two regions; substances diffuse down it, from high to low.' },
        { term: 'Osmosis', definition: 'The diffusion of water molecules across a partially permeable membrane from a dilute solution to a more concentrated one.' },
        { term: 'Water potential', definition: 'A measure of how freely water molecules can move; a dilute solution has a high water potential.' },
        { term: 'Active transport', definition: 'The movement of substances from a lower to a higher concentration, using energy from respiration and carrier proteins.' },
      ],
      highlights: [
        'The cell membrane is a partially permeable barrier that controls what enters and leaves the cell.',
        'Diffusion is the net movement of particles from higher to lower concentration and needs no energy.',
        'Osmosis: water moves from a dilute solution (high water potential) to a concentrated one (low water potential).',
        'Active transport moves substances against a concentration gradient using ATP from respiration and carrier proteins.',
        'Example: root hair cells use active transport to absorb mineral ions from dilute soil water.',
      ],
    },
  },
});
