import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';
import { remediationCall } from './shared/remediation';

const BLANK = '____';

const item = z
  .object({
    question: z.string().min(1).describe('Question'),
    type: z.enum(['MCQ', 'TF', 'FIB']).describe('Question type'),
    options: z.array(z.string().min(1)).max(4).describe('Options'),
    answer: z.string().trim().min(1).describe('Answer'),
  })
  .superRefine((q, ctx) => {
    switch (q.type) {
      case 'MCQ':
        if (q.options.length !== 4 || new Set(q.options).size !== 4) {
          ctx.addIssue({ code: 'custom', path: ['options'], message: 'A multiple-choice question needs exactly 4 different options.' });
        }
        if (!q.options.includes(q.answer)) {
          ctx.addIssue({ code: 'custom', path: ['answer'], message: 'The answer must be one of the options.' });
        }
        break;
      case 'TF':
        if (q.options.length !== 2 || q.options[0] !== 'True' || q.options[1] !== 'False') {
          ctx.addIssue({ code: 'custom', path: ['options'], message: "A true/false question's options are exactly 'True' and 'False'." });
        }
        if (q.answer !== 'True' && q.answer !== 'False') {
          ctx.addIssue({ code: 'custom', path: ['answer'], message: "A true/false answer is 'True' or 'False'." });
        }
        break;
      case 'FIB':
        if (q.options.length !== 0) {
          ctx.addIssue({ code: 'custom', path: ['options'], message: 'A fill-in-the-blank question has no options.' });
        }
        if (!q.question.includes(BLANK)) {
          ctx.addIssue({ code: 'custom', path: ['question'], message: `A fill-in-the-blank question shows its blank as ${BLANK}.` });
        }
        break;
    }
  });


export default defineTool({
  id: 'interactive-quiz-builder',
  title: 'Interactive Quiz Builder',
  description:
    'Test yourself on any concept with a five-question mixed quiz, and get a mini-lesson whenever you answer wrong.',
  icon: 'extension',
  category: 'Quizzes and practice',
  subjects: ['science', 'physics', 'history', 'economics', 'biology'],
  keywords: [
    'quiz', 'test', 'exam', 'practice', 'revise', 'revision', 'self-test', 'test yourself', 'questions',
    'multiple choice', 'true or false', 'fill in the blank', 'check understanding', 'mini-lesson',
  ],
  fields: [
    {
      name: 'concept',
      kind: 'text',
      label: 'Concept',
      placeholder: 'e.g. Newton’s third law, the French Revolution, supply and demand',
      required: true,
    },
  ],
  prompt: `You are a teacher writing a short self-check quiz for a secondary-school or first-year university student who is revising the concept below.

Write questions that together test real understanding of the concept, not trivia: include at least one question about a common misunderstanding and at least one that applies the idea to a new example. Order them from easiest to hardest.

Use this mix of types: 2 MCQ, 2 TF and 1 FIB. For each item give:
- The type: "MCQ" (multiple choice), "TF" (true or false) or "FIB" (fill in the blank).
- The question text. For FIB, a single sentence with exactly one blank written as four underscores: ____
- The options:
  - MCQ: four different, plausible choices; the wrong ones should reflect typical mistakes. Do not use "All of the above" or "None of the above".
  - TF: exactly ["True", "False"] in that order.
  - FIB: an empty list.
- The answer: for MCQ, the correct option copied exactly, character for character; for TF, "True" or "False"; for FIB, the single word or short phrase (at most three words) that fills the blank, with only one reasonable correct answer.

Every fact must be correct and every question must have exactly one right answer. Keep the wording clear and short.

The concept:
{{concept}}`,
  result: z
    .array(item)
    .length(5)
    .refine((items) => ['MCQ', 'TF', 'FIB'].every((t) => items.some((i) => i.type === t)), {
      message: 'The quiz must mix multiple-choice, true/false and fill-in-the-blank questions.',
    })
    .describe('Quiz questions'),
  actionLabel: 'Create Quiz',
  renderer: 'quiz',
  rendererOptions: { compareAnswers: 'caseInsensitive' },
  followUps: {
    remediation: remediationCall('a self-check quiz', {
      diagnosis:
        'It looks like you expected the bigger object to push harder. That is a very common idea, but in Newton’s third law the two forces in a pair are always equal.',
      microLesson:
        'Newton’s third law says forces come in pairs: when object A pushes on object B, B pushes back on A with a force of the same size in the opposite direction. When a truck hits a fly, the fly pushes on the truck exactly as hard as the truck pushes on the fly. The results look different because the same force has a huge effect on the tiny mass of the fly (a = F/m) and almost none on the heavy truck.',
      followUpQuestion: {
        question:
          'A skater pushes against a wall with a force of 50 N. How hard does the wall push back on the skater?',
        options: ['0 N', '25 N', '50 N', '100 N'],
        answer: '50 N',
        difficulty: 'Easy',
      },
    }),
  },
  example: {
    input: { concept: 'Newton’s third law of motion' },
    output: [
      {
        question: 'Newton’s third law says that forces always come in pairs.',
        type: 'TF',
        options: ['True', 'False'],
        answer: 'True',
      },
      {
        question: 'When you push on a wall, the wall pushes back on you with a force that is ____ in size to your push.',
        type: 'FIB',
        options: [],
        answer: 'equal',
      },
      {
        question: 'A swimmer pushes water backwards with her hands. What is the reaction force?',
        type: 'MCQ',
        options: [
          'The water pushes the swimmer forwards',
          'Gravity pulls the swimmer down',
          'The water pushes the swimmer backwards',
          'The swimmer’s legs push her forwards',
        ],
        answer: 'The water pushes the swimmer forwards',
      },
      {
        question:
          'A book rests on a table. Its weight and the table’s upward push on it are a Newton’s third law pair.',
        type: 'TF',
        options: ['True', 'False'],
        answer: 'False',
      },
      {
        question:
          'A large truck collides head-on with a small car. Which statement about the forces during the collision is correct?',
        type: 'MCQ',
        options: [
          'The truck exerts a larger force on the car',
          'The car exerts a larger force on the truck',
          'Both exert forces of equal size on each other',
          'Only the truck exerts a force, because it is moving faster',
        ],
        answer: 'Both exert forces of equal size on each other',
      },
    ],
  },
});
