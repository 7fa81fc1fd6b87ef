import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'essay-buddy',
  title: 'Essay Buddy',
  description: 'Plan an essay before you write it: a sharp thesis, a section-by-section structure and an opening paragraph.',
  icon: 'edit',
  category: 'Writing',
  subjects: ['english', 'history', 'literature', 'humanities', 'social studies'],
  keywords: [
    'essay', 'essay plan', 'thesis', 'structure', 'outline', 'introduction', 'opening paragraph', 'writing',
    'argumentative', 'persuasive', 'coursework', 'homework', 'plan',
  ],
  fields: [
    {
      name: 'topic',
      kind: 'text',
      label: 'Essay topic or question',
      placeholder: 'e.g. Should social media platforms be responsible for misinformation?',
      required: true,
    },
    {
      name: 'essayType',
      kind: 'select',
      label: 'Essay type',
      options: ['Argumentative', 'Expository', 'Narrative', 'Descriptive', 'Reflective'],
      default: 'Argumentative',
    },
  ],
  prompt: `You are a writing tutor helping a secondary-school or first-year university student plan a {{essayType}} essay.

Plan an essay on the topic below:
- The thesis: one or two sentences that take a clear, arguable position (or, for narrative, descriptive and reflective essays, state the central insight).
- The structure: the sections in order, each one line naming the section and what it must do, e.g. "Body paragraph 1: ... (evidence: ...)". Include the introduction and the conclusion.
- The introduction paragraph: a ready-to-use opening paragraph of 90 to 130 words that hooks the reader and ends with the thesis.

Write in clear British or American English at the student's level, without clichés such as "since the dawn of time".

The topic:
{{topic}}`,
  result: z.object({
    thesis: z.string().min(1).describe('Thesis'),
    structure: z.array(z.string().min(1)).min(3).max(8).describe('Structure'),
    introParagraph: z.string().min(1).describe('Introduction paragraph'),
  }),
  example: {
    input: { topic: 'Should schools ban mobile phones during the school day?', essayType: 'Argumentative' },
    output: {
      thesis:
        'Schools should ban mobile phones during lessons but allow them at break, because a lesson-time ban protects attention and reduces cyberbullying while still letting students learn to manage their devices.',
      structure: [
        'Introduction: open with the average number of phone notifications a teenager receives per day, then state the thesis.',
        'Body paragraph 1: attention and learning (evidence: classroom studies on distraction and test scores).',
        'Body paragraph 2: wellbeing and cyberbullying during the school day (evidence: school reports after bans in France and the Netherlands).',
        'Body paragraph 3: counter-argument on safety and emergencies, rebutted with the break-time allowance and office phones.',
        'Conclusion: restate the balanced position and call for clear, consistently enforced rules.',
      ],
      introParagraph:
        'The average teenager receives well over a hundred phone notifications a day, and many of them arrive in the middle of a lesson. Each buzz pulls attention away from the teacher and, research suggests, takes minutes to recover from. Supporters of phones in school point to safety and digital skills, and those concerns are real. Yet a school day is limited, and attention is the resource it depends on. Schools should therefore ban mobile phones during lessons but allow them at break, because a lesson-time ban protects attention and reduces cyberbullying while still letting students learn to manage their devices.',
    },
  },
});
