import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';
import { remediationCall } from './shared/remediation';

const question = z
  .object({
    question: z.string().min(1).describe('Question'),
    options: z.array(z.string().min(1)).length(4).describe('Options'),
    answer: z.string().min(1).describe('Answer'),
    difficulty: z.enum(['Easy', 'Medium', 'Hard']).describe('Difficulty'),
  })
  .refine((q) => q.options.includes(q.answer), { message: 'The answer must be one of the options.', path: ['answer'] })
  .refine((q) => new Set(q.options).size === q.options.length, { message: 'The options must all differ.', path: ['options'] });


export default defineTool({
  id: 'quiz-whiz',
  title: 'QuizWhiz',
  description:
    'Paste your notes or name a topic and get a five-question multiple-choice quiz, with help whenever you get one wrong.',
  icon: 'quiz',
  category: 'Quizzes and practice',
  subjects: ['history', 'science', 'economics', 'geography', 'biology'],
  keywords: [
    'test', 'exam', 'revise', 'revision', 'quiz', 'practice', 'multiple choice', 'questions', 'test yourself', 'mock',
    'practice questions', 'check understanding', 'notes',
  ],
  fields: [
    {
      name: 'topic',
      kind: 'textarea',
      label: 'Topic or text',
      placeholder: 'Type a topic, e.g. "The causes of the Great Depression", or paste your notes...',
      required: true,
    },
  ],
  prompt: `You are a teacher writing a multiple-choice revision quiz for a secondary-school or first-year university student.

Below is either a topic or a passage of notes. If it is a passage, base every question on what the passage says and do not test facts it does not contain. If it is a topic, test its core, well-established ideas.

Write the questions. For each give:
- The question: a clear question with a single correct answer.
- The options: different, plausible choices of similar length; the wrong ones should reflect typical mistakes. Do not use "All of the above" or "None of the above".
- The answer: the correct option, copied exactly, character for character, from the options.
- The difficulty: use 2 Easy, 2 Medium and 1 Hard, in that order. Easy checks recall, Medium checks understanding, Hard applies the idea to a new situation.

Vary the position of the correct option. Every fact must be correct.

The topic or text:
{{topic}}`,
  result: z.array(question).length(5).describe('Quiz questions'),
  actionLabel: 'Create Quiz',
  renderer: 'quiz',
  rendererOptions: { compareAnswers: 'exact' },
  followUps: {
    remediation: remediationCall('a multiple-choice revision quiz', {
      diagnosis:
        'You linked bank failures with rising prices, which is an easy mix-up because economic crises are often connected with inflation. In the early 1930s, though, prices actually fell: the damage came from lost savings and less lending.',
      microLesson:
        'When a bank failed in the 1930s, the people who had deposited money there usually lost it, because deposits were not insured. Families with less money spent less, so shops and factories sold less and laid off workers, who then spent even less. Surviving banks grew cautious and lent less to businesses. Around 9,000 US banks failed between 1930 and 1933, and prices fell rather than rose. Think of the crash as the spark and the bank failures as the fuel that kept the fire burning.',
      followUpQuestion: {
        question: 'What happened to many ordinary savers when their bank failed in the early 1930s?',
        options: [
          'They lost the money they had deposited',
          'The government refunded them immediately',
          'Their savings moved to another bank',
          'They received shares in the stock market',
        ],
        answer: 'They lost the money they had deposited',
        difficulty: 'Easy',
      },
    }),
  },
  example: {
    input: { topic: 'The causes of the Great Depression (1929 to 1939)' },
    output: [
      {
        question: 'In which year did the Wall Street Crash take place?',
        options: ['1919', '1929', '1933', '1939'],
        answer: '1929',
        difficulty: 'Easy',
      },
      {
        question: 'What was "buying on margin" in the 1920s stock market?',
        options: [
          'Buying shares with borrowed money',
          'Buying shares only in small companies',
          'Buying government bonds instead of shares',
          'Buying shares directly from factory workers',
        ],
        answer: 'Buying shares with borrowed money',
        difficulty: 'Easy',
      },
      {
        question: 'Why did thousands of bank failures make the Depression worse?',
        options: [
          'They caused prices of goods to rise sharply',
          'Savers lost their money, so spending and lending collapsed',
          'They forced the government to raise tariffs',
          'They made it easier for farmers to repay debts',
        ],
        answer: 'Savers lost their money, so spending and lending collapsed',
        difficulty: 'Medium',
      },
      {
        question: 'How did the Smoot-Hawley Tariff Act of 1930 affect the world economy?',
        options: [
          'It lowered the cost of imported goods in the USA',
          'It led other countries to raise their own tariffs, shrinking world trade',
          'It ended the Depression in Europe by 1932',
          'It had no effect outside the United States',
        ],
        answer: 'It led other countries to raise their own tariffs, shrinking world trade',
        difficulty: 'Medium',
      },
      {
        question:
          'Imagine a country where banks are failing and money is scarce. Based on what happened in 1931, which policy would most likely make its depression worse?',
        options: [
          'Insuring ordinary bank deposits',
          'Raising interest rates to protect the currency',
          'Spending more on public works',
          'Lowering interest rates to encourage lending',
        ],
        answer: 'Raising interest rates to protect the currency',
        difficulty: 'Hard',
      },
    ],
  },
});
