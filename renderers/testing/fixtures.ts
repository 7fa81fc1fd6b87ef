import { z } from 'zod';
import { defineTool, type FollowUpCall } from '../../src/kernel/defineTool';

/*
 * Small tools written for the renderer tests. Renderers may not import
 * the registry folder (docs/architecture.md, import boundaries), so their tests use these instead of
 * real registry files: each is checked by the type checker against the
 * contract of the renderer it names, like a registry file, and its example
 * is short, made-up data the tests read their expectations from.
 */

const topicField = [{ name: 'topic', kind: 'text', label: 'Topic', required: true }] as const;

/* Flashcards: a deck of four cards, so first, second and last differ. */
export const flashcardsFixture = defineTool({
  id: 'test-flashcards',
  title: 'Test Flashcards',
  description: 'A fixture deck for the flashcards renderer tests.',
  icon: 'style',
  category: 'Quizzes and practice',
  fields: topicField,
  prompt: 'Make flashcards about {{topic}}.',
  result: z.array(z.object({ question: z.string().describe('Question'), answer: z.string().describe('Answer') })).min(1),
  renderer: 'flashcards',
  example: {
    input: { topic: 'Planets' },
    output: [
      { question: 'Which planet is closest to the Sun?', answer: 'Mercury.' },
      { question: 'Which planet has the most visible rings?', answer: 'Saturn.' },
      { question: 'What colour does Mars look from Earth?', answer: 'Reddish, from iron oxide dust.' },
      { question: 'Which is the largest planet?', answer: 'Jupiter.' },
    ],
  },
});

/* Quizzes: both compare modes, with the remediation call the quiz screen makes after a wrong answer. */
const lessonSchema = z.object({
  diagnosis: z.string().describe('What went wrong'),
  microLesson: z.string().describe('Micro-lesson'),
  followUpQuestion: z
    .object({
      question: z.string().describe('Question'),
      options: z.array(z.string()).describe('Options'),
      answer: z.string().describe('Answer'),
      difficulty: z.literal('Easy').describe('Difficulty'),
    })
    .describe('Try this one'),
});

/* A literal type, so the type checker sees the placeholders: only the context the quiz screen passes. */
const remediationPrompt = 'Explain kindly why {{studentAnswer}} is not the answer to {{question}}; the answer is {{correctAnswer}}.' as const;

const remediation = {
  prompt: remediationPrompt,
  result: lessonSchema,
  example: {
    diagnosis: 'You mixed up melting and boiling.',
    microLesson: 'Ice melts at 0 °C at sea level; water boils at 100 °C.',
    followUpQuestion: {
      question: 'At what temperature does ice melt at sea level?',
      options: ['0 °C', '10 °C', '50 °C', '100 °C'],
      answer: '0 °C',
      difficulty: 'Easy',
    },
  },
} satisfies FollowUpCall<typeof lessonSchema>;

/** Typed answers (fill in the blank) compared case-insensitively; multiple choice, true/false and blanks mixed. */
export const mixedQuizFixture = defineTool({
  id: 'test-mixed-quiz',
  title: 'Test Mixed Quiz',
  description: 'A fixture quiz that compares answers case-insensitively.',
  icon: 'extension',
  category: 'Quizzes and practice',
  fields: topicField,
  prompt: 'Write a mixed quiz about {{topic}}.',
  result: z
    .array(
      z.object({
        question: z.string().describe('Question'),
        type: z.enum(['MCQ', 'TF', 'FIB']).describe('Question type'),
        options: z.array(z.string()).describe('Options'),
        answer: z.string().describe('Answer'),
      }),
    )
    .min(1),
  renderer: 'quiz',
  rendererOptions: { compareAnswers: 'caseInsensitive' },
  followUps: { remediation },
  example: {
    input: { topic: 'States of water' },
    output: [
      { question: 'Steam is water as a gas.', type: 'TF', options: ['True', 'False'], answer: 'True' },
      { question: 'Water freezes into ____.', type: 'FIB', options: [], answer: 'ice' },
      { question: 'Which is a liquid at room temperature?', type: 'MCQ', options: ['Water', 'Ice', 'Steam', 'Frost'], answer: 'Water' },
    ],
  },
});

/** Multiple choice only, each question with a difficulty, compared exactly. */
export const exactQuizFixture = defineTool({
  id: 'test-exact-quiz',
  title: 'Test Exact Quiz',
  description: 'A fixture quiz that compares answers exactly.',
  icon: 'quiz',
  category: 'Quizzes and practice',
  fields: topicField,
  prompt: 'Write a multiple-choice quiz about {{topic}}.',
  result: z
    .array(
      z.object({
        question: z.string().describe('Question'),
        options: z.array(z.string()).describe('Options'),
        answer: z.string().describe('Answer'),
        difficulty: z.enum(['Easy', 'Medium', 'Hard']).describe('Difficulty'),
      }),
    )
    .min(1),
  renderer: 'quiz',
  rendererOptions: { compareAnswers: 'exact' },
  followUps: { remediation },
  example: {
    input: { topic: 'Rivers' },
    output: [
      { question: 'Where does a river start?', options: ['Source', 'Mouth', 'Delta', 'Estuary'], answer: 'Source', difficulty: 'Easy' },
      { question: 'What is a meander?', options: ['A bend', 'A lake', 'A waterfall', 'A dam'], answer: 'A bend', difficulty: 'Medium' },
    ],
  },
});

/** The lesson the quiz fixtures' remediation call answers with. */
export const remediationLesson = lessonSchema.parse(remediation.example);

/* Slides: three slides, with different numbers of points. */
export const slidesFixture = defineTool({
  id: 'test-slides',
  title: 'Test Slides',
  description: 'A fixture outline for the slides renderer tests.',
  icon: 'slideshow',
  category: 'Presentations',
  fields: topicField,
  prompt: 'Outline a short talk about {{topic}}.',
  result: z.object({
    slides: z.array(z.object({ title: z.string().describe('Title'), points: z.array(z.string()).describe('Talking points') })).min(1),
  }),
  renderer: 'slides',
  example: {
    input: { topic: 'Bicycles' },
    output: {
      slides: [
        { title: 'Why cycle?', points: ['Cheap to run', 'Good exercise', 'No exhaust fumes'] },
        { title: 'Parts of a bike', points: ['Frame and fork', 'Wheels and brakes'] },
        { title: 'Staying safe', points: ['Wear a helmet', 'Use lights at night', 'Signal before turning', 'Check the brakes'] },
      ],
    },
  },
});

/* Sprints: work and breaks past the hour, so the clock shows hours too. */
export const sprintsFixture = defineTool({
  id: 'test-sprints',
  title: 'Test Sprints',
  description: 'A fixture plan for the sprint timeline tests.',
  icon: 'timer',
  category: 'Study planning',
  fields: topicField,
  prompt: 'Plan study sprints for {{topic}}.',
  result: z.object({
    sprints: z
      .array(
        z.object({
          duration: z.number().int().describe('Minutes'),
          activity: z.string().describe('Activity'),
          type: z.enum(['work', 'break']).describe('Type'),
        }),
      )
      .min(1),
  }),
  renderer: 'sprints',
  example: {
    input: { topic: 'French verbs' },
    output: {
      sprints: [
        { duration: 30, activity: 'Conjugate five regular -er verbs.', type: 'work' },
        { duration: 5, activity: 'Make a cup of tea.', type: 'break' },
        { duration: 20, activity: 'Learn être and avoir by heart.', type: 'work' },
        { duration: 10, activity: 'Walk round the block.', type: 'break' },
        { duration: 15, activity: 'Test yourself with a partner.', type: 'work' },
      ],
    },
  },
});

/* Tabs: two tools, three and four text fields, labelled from the schema's descriptions. */
export const threeTabsFixture = defineTool({
  id: 'test-three-tabs',
  title: 'Test Three Tabs',
  description: 'A fixture with three explanations, one tab each.',
  icon: 'psychology',
  category: 'Notes and summaries',
  fields: topicField,
  prompt: 'Explain {{topic}} three ways.',
  result: z.object({
    simple: z.string().describe('Simple explanation'),
    visual: z.string().describe('Visual explanation'),
    analogy: z.string().describe('Analogy'),
  }),
  renderer: 'tabs',
  example: {
    input: { topic: 'Gravity' },
    output: {
      simple: 'Gravity pulls things with mass towards each other.',
      visual: 'Picture a heavy ball sinking into a stretched sheet.',
      analogy: 'Like a magnet that only ever attracts.',
    },
  },
});

/* Tabs whose texts are markdown (as lesson-plan-variator's): each plan with its table, and tips for every plan after the tabs. */
export const markdownTabsFixture = defineTool({
  id: 'test-markdown-tabs',
  title: 'Test Markdown Tabs',
  description: 'For Teachers: a fixture with two lesson plans written in markdown.',
  icon: 'dynamic_feed',
  role: 'teacher',
  category: 'Teaching',
  fields: topicField,
  prompt: 'Plan two lessons on {{topic}}.',
  result: z.object({
    plan1: z.string().describe('Plan 1'),
    plan2: z.string().describe('Plan 2'),
    tips: z.array(z.string()).min(1).describe('Tips (every plan)'),
  }),
  renderer: 'tabs',
  rendererOptions: { format: 'markdown' },
  example: {
    input: { topic: 'Magnets' },
    output: {
      plan1: '### Magnet hunt\n\n| Phase | Time | What happens |\n|---|---|---|\n| Hook | 5 min | Pupils test objects. |\n| Sorting | 20 min | Groups sort what sticks. |',
      plan2: '### Magnet quiz\n\n| Phase | Time | What happens |\n|---|---|---|\n| Hook | 5 min | A mystery box. |\n| Quiz | 20 min | Teams answer questions. |',
      tips: ['Pair new readers with confident ones.', 'Offer a word bank.'],
    },
  },
});

export const fourTabsFixture = defineTool({
  id: 'test-four-tabs',
  title: 'Test Four Tabs',
  description: 'For Teachers: a fixture with one text per reading level.',
  icon: 'difference',
  role: 'teacher',
  category: 'Teaching',
  fields: topicField,
  prompt: 'Rewrite {{topic}} at four reading levels.',
  result: z.object({
    levelA1: z.string().describe('A1 (beginner)'),
    levelA2: z.string().describe('A2 (elementary)'),
    levelB1: z.string().describe('B1 (intermediate)'),
    levelB2: z.string().describe('B2 (upper intermediate)'),
  }),
  renderer: 'tabs',
  example: {
    input: { topic: 'Owls' },
    output: {
      levelA1: 'Owls are birds. They fly at night.',
      levelA2: 'Owls are birds that hunt at night. They have big eyes.',
      levelB1: 'Owls hunt at night, using their large eyes and sharp hearing to find mice.',
      levelB2: 'Owls are nocturnal hunters whose keen eyesight and hearing let them locate prey in near darkness.',
    },
  },
});
