import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'concept-cracker',
  title: 'Concept Cracker',
  description: 'Understand a hard idea three ways: a simple explanation, a picture in words and an everyday analogy.',
  icon: 'psychology',
  category: 'Notes and summaries',
  subjects: ['science', 'biology', 'chemistry', 'physics', 'maths', 'economics'],
  keywords: [
    'explain', 'understand', 'simple explanation', 'concept', 'idea', 'confusing', 'stuck', 'eli5', 'analogy',
    'homework', 'definition',
  ],
  fields: [
    {
      name: 'topic',
      kind: 'text',
      label: 'Concept',
      placeholder: 'e.g. Opportunity cost, entropy, the Krebs cycle',
      required: true,
    },
  ],
  prompt: `You are a tutor who explains difficult ideas to students who are meeting them for the first time.

Explain the concept below in three separate ways:
- A simple explanation: plain language in three to five sentences, with no jargon left undefined.
- A visual explanation: a description of a diagram or mental picture the student could sketch, step by step, in three to five sentences.
- An analogy: one analogy from everyday life, and one sentence on where the analogy stops being accurate.

Each explanation must make sense on its own. Stay accurate: do not simplify to the point of being wrong.

The concept:
{{topic}}`,
  result: z.object({
    simple: z.string().min(1).describe('Simple explanation'),
    visual: z.string().min(1).describe('Visual explanation'),
    analogy: z.string().min(1).describe('Analogy'),
  }),
  renderer: 'tabs',
  example: {
    input: { topic: 'Opportunity cost' },
    output: {
      simple:
        'Opportunity cost is what you give up when you choose one option over another. Because time, money and resources are limited, every choice has a cost beyond its price: the value of the best alternative you did not pick. If you spend Saturday working a shift instead of revising, the opportunity cost is the revision you did not do.',
      visual:
        'Draw a fork in a road. Label the left path "Work a shift: earn £60" and the right path "Revise: better chance in Monday\'s test". Put a cross through the right path once you take the left one. The crossed-out path, the best option you did not take, is the opportunity cost of the path you chose.',
      analogy:
        'Choosing a pizza topping when you can only have one: picking pepperoni means giving up mushroom, your second favourite. The mushroom slice you did not get is the opportunity cost. The analogy stops working when choices are not all-or-nothing, since in real life you can often split your time or money between options.',
    },
  },
});
