import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'time-estimator',
  title: 'Time Estimator',
  description: 'Find out how long an assignment will really take, with a step-by-step plan and a time for each step.',
  icon: 'timer',
  category: 'Study planning',
  subjects: ['study skills'],
  keywords: [
    'time', 'how long', 'estimate', 'homework', 'assignment', 'deadline', 'plan', 'steps', 'time management',
    'procrastination', 'essay', 'coursework', 'schedule',
  ],
  fields: [
    {
      name: 'task',
      kind: 'text',
      label: 'Your task',
      placeholder: 'e.g. Write a 1,500-word history essay on the causes of the First World War',
      required: true,
      help: 'Include the length, the level and anything you have already done.',
    },
  ],
  prompt: `You are a study skills coach helping a secondary-school or university student plan their time realistically. Students usually underestimate how long work takes, so be honest rather than optimistic.

Estimate how long the task below will take a typical student at that level working with focus, and give:
- The estimated time: the total as a short range, e.g. "3 to 4 hours" or "45 to 60 minutes". Breaks are not included.
- A step-by-step plan, in the order the student should do them. Each step is one line that starts with the time in brackets and then says what to do, e.g. "(30 min) Read the question and list what the marker is looking for". The step times must add up to a total inside the estimated range.

Include the steps students tend to forget, such as checking the instructions, referencing and proofreading, where they apply. If the task leaves out something that changes the time a lot (its length or level), assume a typical version and say so at the start of the first step, e.g. "Assuming about 1,000 words: ...". If the total is more than about three hours, add a final step, without a time, suggesting how to split the work across sessions or days.

The task:
{{task}}`,
  result: z.object({
    estimatedTime: z.string().min(1).describe('Estimated time'),
    plan: z.array(z.string().min(1)).min(3).max(8).describe('Step-by-step plan'),
  }),
  actionLabel: 'Estimate Time',
  example: {
    input: { task: 'Write a 1,500-word history essay on the causes of the First World War for my Year 12 class, using at least three sources' },
    output: {
      estimatedTime: '7 to 8 hours',
      plan: [
        '(20 min) Read the essay question and the mark scheme, and write down what "causes" you are expected to weigh up (for example militarism, alliances, imperialism, nationalism and the assassination in Sarajevo).',
        '(2 h) Research: read your three or more sources and take notes under each cause, recording author, title and page numbers as you go.',
        '(40 min) Plan: decide your argument about which cause mattered most, then outline an introduction, four body paragraphs and a conclusion.',
        '(2 h 30 min) Write the full first draft of about 1,500 words from your plan; do not stop to polish sentences yet.',
        '(30 min) Add references and a bibliography in the style your teacher asked for.',
        '(1 h) Revise: check that every paragraph answers the question, cut repetition and strengthen the links between causes.',
        '(20 min) Proofread aloud for spelling, dates and names, and check the word count.',
        'Split it over three days: research and planning on day one, drafting on day two, referencing, revising and proofreading on day three.',
      ],
    },
  },
});
