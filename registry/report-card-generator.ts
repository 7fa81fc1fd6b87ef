import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'report-card-generator',
  title: 'Report Card Generator',
  description: 'For Teachers: Turn your notes on a student into a balanced, personal report-card comment with clear next steps.',
  icon: 'grading',
  role: 'teacher',
  category: 'Teaching',
  subjects: ['any subject', 'pastoral'],
  keywords: [
    'report card', 'report comment', 'school report', 'reports', 'comments', 'feedback', 'progress', 'next steps',
    'end of term', 'parents', 'strengths', 'assessment',
  ],
  fields: [
    {
      name: 'studentName',
      kind: 'text',
      label: 'Student’s first name',
      placeholder: 'e.g. Amira',
      help: 'Sent as “Student A” and put back in the comment: see What will be sent.',
      personal: 'name',
    },
    {
      name: 'notes',
      kind: 'textarea',
      label: 'Student traits and performance notes',
      personal: 'text',
      placeholder: 'e.g. Amira, Year 4. Strong reader, reads aloud with expression. Maths: confident with times tables, rushes word problems...',
      required: true,
      help: 'Include the student’s first name, strengths, areas to develop and their attitude to learning.',
    },
  ],
  prompt: `You are an experienced teacher writing an end-of-term report-card comment that parents, carers and the student will read.

Write the comment from the notes below, in Markdown:
- One paragraph of 90 to 140 words, in the third person, using the student's first name{{#studentName}} ({{studentName}}){{/studentName}}{{^studentName}} from the notes (or "[Student]" if none is given){{/studentName}} and the correct pronouns if the notes make them clear (otherwise use the name and "they").
- Open with a genuine strength, describe progress and attitude with specific examples from the notes, name one or two areas to develop in positive, constructive language, and end on an encouraging note.
- Then a line "**Next steps:**" followed by two or three short bullet points the student can act on.

Keep a warm, professional tone, free of jargon and of vague phrases such as "a pleasure to teach" without evidence. Use only what the notes say: do not invent grades, levels, test scores or events. Never include comments about health, family circumstances or other students.

The notes:
{{notes}}`,
  result: 'markdown',
  actionLabel: 'Write Comment',
  refine: {
    refinements: [
      { label: 'More specific', instruction: 'Make it more specific: name a concrete skill, piece of work or moment that shows each point, using only what the inputs say.' },
      { label: 'Add a next step', instruction: 'End with one concrete, encouraging next step the student can take next term.' },
    ],
  },
  example: {
    input: {
      studentName: 'Amira',
      notes:
        'Amira, Year 4, she/her. Strong reader, loves fantasy books, reads aloud with great expression. Maths: confident with times tables (knows all up to 12x12), finds multi-step word problems hard because she rushes and skips steps. Kind to classmates, helped a new pupil settle in this term. Sometimes waits too long before asking for help. Target: show working in maths.',
    },
    output: `Amira has had a successful term and should be proud of her progress. She is a confident, enthusiastic reader who loves fantasy stories, and she reads aloud with wonderful expression that brings texts to life for the whole class. In maths, she now knows all her times tables up to 12 × 12, which gives her a strong foundation. Her next challenge is multi-step word problems, where she sometimes rushes and misses a step; slowing down and showing her working will help her get the marks she deserves. Amira is a kind member of our class and made a new pupil feel very welcome this term. As her confidence grows, we would love her to ask for help as soon as she feels stuck.

**Next steps:**
- Show each step of working when solving word problems.
- Underline the key information in a problem before starting.
- Ask for help early instead of waiting.`,
  },
});
