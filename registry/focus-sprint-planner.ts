import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'focus-sprint-planner',
  title: 'Focus Sprint Planner',
  description: 'Split a study session into Pomodoro-style focus sprints and breaks that fit exactly into the time you have.',
  icon: 'timer',
  category: 'Study planning',
  subjects: ['study skills'],
  keywords: [
    'pomodoro', 'focus', 'timer', 'concentrate', 'procrastination', 'study session', 'breaks', 'time management',
    'homework', 'revise', 'revision', 'productivity', 'get started', 'schedule',
  ],
  fields: [
    {
      name: 'task',
      kind: 'text',
      label: 'What you need to get done',
      placeholder: 'e.g. Revise chapter 4 of biology: cell division',
      required: true,
    },
    {
      name: 'totalMinutes',
      kind: 'number',
      label: 'Total time (minutes)',
      min: 15,
      max: 480,
      step: 5,
      default: 90,
      required: true,
      help: 'From 15 to 480 minutes, breaks included.',
    },
  ],
  prompt: `You are a study coach who plans focused study sessions with the Pomodoro technique.

Plan a study session of exactly {{totalMinutes}} minutes for the task below, as an ordered list of sprints.
- Work sprints are usually 25 minutes (between 15 and 50), each followed by a short 5-minute break; after about every fourth work sprint, give a longer break of 15 to 30 minutes. Do not end the session with a break.
- For each sprint, give its length in whole minutes, whether it is work or a break, and its activity: one concrete sentence saying exactly what to do in that sprint, broken down from the task in a sensible order, e.g. "Make flashcards for the stages of mitosis"; for breaks, a short restful suggestion away from the screen.
- The durations must add up to exactly {{totalMinutes}} minutes. Check the sum before answering.
- Start with an easy warm-up activity and end with a short review or self-test of what was done.

The task:
{{task}}`,
  result: z.object({
    sprints: z
      .array(
        z.object({
          duration: z.number().int().min(1).describe('Minutes'),
          activity: z.string().min(1).describe('Activity'),
          type: z.enum(['work', 'break']).describe('Type'),
        }),
      )
      .min(1)
      .max(30)
      .refine((sprints) => sprints.some((s) => s.type === 'work'), { message: 'A plan needs at least one work sprint.' })
      .describe('Sprints'),
  }),
  renderer: 'sprints',
  actionLabel: 'Plan My Sprints',
  example: {
    input: { task: 'Revise chapter 4 of biology: cell division (mitosis and meiosis)', totalMinutes: 90 },
    output: {
      sprints: [
        {
          duration: 25,
          activity: 'Skim chapter 4 and write the stages of mitosis in order, with one line on what happens in each.',
          type: 'work',
        },
        { duration: 5, activity: 'Stand up, stretch and get a glass of water.', type: 'break' },
        {
          duration: 25,
          activity: 'Compare mitosis and meiosis in a two-column table: number of divisions, daughter cells, chromosome number and purpose.',
          type: 'work',
        },
        { duration: 5, activity: 'Walk around or step outside, away from your phone.', type: 'break' },
        {
          duration: 30,
          activity: 'Answer the end-of-chapter questions from memory, then check and correct them with the textbook and note anything you got wrong.',
          type: 'work',
        },
      ],
    },
  },
});
