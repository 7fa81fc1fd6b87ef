import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'project-brainstormer',
  title: 'Project Brainstormer',
  description: 'Turn a broad topic into five focused research questions and three project ideas you could actually carry out.',
  icon: 'emoji_objects',
  category: 'Research and sources',
  subjects: ['science', 'geography', 'history', 'research skills'],
  keywords: [
    'project ideas', 'ideas', 'brainstorm', 'research question', 'research', 'topic', 'coursework', 'science fair',
    'extended project', 'epq', 'dissertation', 'investigation', 'inspiration',
  ],
  fields: [
    {
      name: 'topic',
      kind: 'text',
      label: 'Broad topic',
      placeholder: 'e.g. Microplastics, the Industrial Revolution, social media and sleep',
      required: true,
      help: 'Add your subject or level if it matters, e.g. "Microplastics (Year 10 science)".',
    },
  ],
  prompt: `You are a teacher who supervises student research projects, helping a secondary-school or university student narrow a broad topic into something they can investigate.

For the topic below, suggest:
- Research questions: each one focused, open question (not answerable with yes or no or a quick search) that a student could investigate with sources, data or a simple experiment or survey. Cover different angles: causes, effects, comparisons, solutions and a local or personal angle.
- Project ideas: each one or two sentences starting with a short title and a colon, then saying what the student would do and what they would produce (for example an experiment with a report, a survey with charts, a podcast, a model or a campaign). Make them different in kind, and realistic for a student with school resources in a few weeks.

Keep every idea safe and ethical: nothing involving dangerous materials, and surveys only with consent and no personal data. Do not invent statistics or name specific studies.

The topic:
{{topic}}`,
  result: z.object({
    researchQuestions: z.array(z.string().min(1)).length(5).describe('Research questions'),
    projectIdeas: z.array(z.string().min(1)).length(3).describe('Project ideas'),
  }),
  actionLabel: 'Brainstorm Ideas',
  example: {
    input: { topic: 'Microplastics' },
    output: {
      researchQuestions: [
        'Which everyday activities in a typical household release the most microplastics into wastewater, and why?',
        'How does the amount of visible microplastic differ between sand samples taken near the high-tide line and those taken further up the same beach?',
        'How do microplastics move up the food chain from plankton to fish, and what is known so far about the effects on the animals that eat them?',
        'How effective are different responses to microplastic pollution, such as washing-machine filters, the ban on microbeads in cosmetics and improved wastewater treatment?',
        'How aware are students at my school of microplastics, and how does that awareness relate to the plastic items they use every day?',
      ],
      projectIdeas: [
        'Beach sample investigation: collect sand samples from two parts of a local beach, sieve them and count visible plastic particles under a magnifying glass, then present the results in a short lab report with a bar chart.',
        'School awareness survey: run an anonymous, consent-based survey of students about microplastics and plastic use, then turn the findings into a set of charts and a poster with three practical changes.',
        'Explainer podcast: record a ten-minute podcast episode that explains where microplastics come from and what can be done, using at least four reliable sources and an interview with a science teacher.',
      ],
    },
  },
});
