import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'assignment-deconstructor',
  title: 'Assignment Deconstructor',
  description: 'Break an assignment prompt down into what it asks you to do, what it is about and every rule you must follow.',
  icon: 'segment',
  category: 'Writing',
  subjects: ['english', 'history', 'humanities', 'social studies'],
  keywords: [
    'homework', 'assignment', 'coursework', 'brief', 'instructions', 'task', 'requirements', 'marking criteria',
    'checklist', 'understand', 'deadline', 'word count', 'essay question',
  ],
  fields: [
    {
      name: 'assignment',
      kind: 'textarea',
      label: 'Assignment prompt',
      placeholder: 'Paste the full assignment brief, including word count, deadline and marking notes...',
      required: true,
    },
  ],
  prompt: `You are an academic skills tutor helping a secondary-school or university student understand exactly what an assignment prompt asks before they start.

Read the assignment prompt below and work out:
- What the student is asked to do: the key instruction word or words (for example "Evaluate", "Compare and contrast", "Analyse"), followed by a short explanation of what that verb requires the student to do in this assignment, in one or two sentences. If there are several task words, name the one that decides the mark and mention the others.
- What it is about: the precise topic and focus of the assignment in one or two sentences, including any angle, period, text or case it is limited to.
- The requirements checklist: every requirement the student must meet, one per entry, phrased as a short checklist item: length, format, number and type of sources, referencing style, deadline, structure, audience, submission method and any marking criteria. Include requirements that are implied but clear (for example "use evidence from the set text").

Only use what the prompt says or clearly implies; do not invent a word count, deadline or style the prompt does not give. If a usual requirement is missing, add one final entry saying what to check with the teacher.

The assignment prompt:
{{assignment}}`,
  result: z.object({
    mainVerb: z.string().min(1).describe('What you are asked to do'),
    coreSubject: z.string().min(1).describe('What it is about'),
    constraints: z.array(z.string().min(1)).min(1).max(12).describe('Requirements checklist'),
  }),
  example: {
    input: {
      assignment:
        'History coursework (Year 12). "To what extent was the Treaty of Versailles responsible for the outbreak of the Second World War?" Evaluate the importance of the Treaty compared with at least two other factors. 1,500–2,000 words. Use a minimum of five sources, including at least two academic books or journal articles, referenced in Chicago style with footnotes and a bibliography. Submit as a Word document via Google Classroom by Friday 14 March, 4 pm. Marked against AO1 (knowledge and explanation) and AO3 (interpretations).',
    },
    output: {
      mainVerb:
        '"Evaluate" ("to what extent"): weigh how important the Treaty of Versailles was against other causes and reach a clear, justified judgement, not just describe each cause.',
      coreSubject:
        'The causes of the Second World War, focused on how far the Treaty of Versailles (1919) was responsible compared with at least two other factors, such as the Great Depression, appeasement or Hitler’s aims.',
      constraints: [
        'Length: 1,500 to 2,000 words.',
        'Compare the Treaty with at least two other factors.',
        'Reach an overall judgement that answers "to what extent".',
        'At least five sources, of which at least two are academic books or journal articles.',
        'Reference in Chicago style with footnotes and a bibliography.',
        'Show knowledge and explanation (AO1) and discuss historians’ interpretations (AO3).',
        'Submit as a Word document via Google Classroom.',
        'Deadline: Friday 14 March, 4 pm.',
        'Check with your teacher whether the bibliography and footnotes count towards the word limit.',
      ],
    },
  },
});
