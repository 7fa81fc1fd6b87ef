import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';
import { speechMetrics } from './shared/speechMetrics';

export default defineTool({
  id: 'presentation-rehearsal-coach',
  title: 'Presentation Rehearsal Coach',
  description: 'Rehearse your talk and get feedback on pace, filler words, clarity and structure.',
  icon: 'record_voice_over',
  category: 'Presentations',
  subjects: ['english', 'drama', 'public speaking'],
  keywords: [
    'presentation', 'speech', 'rehearse', 'practice', 'public speaking', 'feedback', 'filler words', 'pace', 'nervous',
    'oral', 'speaking exam', 'talk', 'confidence',
  ],
  fields: [
    {
      name: 'transcript',
      kind: 'textarea',
      label: 'What you said',
      placeholder: 'Press Start Rehearsing and give your talk, or paste what you said...',
      required: true,
      widget: 'speech-rehearsal',
    },
    {
      name: 'durationSeconds',
      kind: 'number',
      label: 'How long it took (seconds)',
      required: true,
      min: 1,
      max: 3600,
      default: 60,
      help: 'Filled in for you when you rehearse with the microphone.',
    },
  ],
  // Counting is done here, not by the model: it is exact, and the model only writes feedback.
  derive: ({ transcript, durationSeconds }: { transcript: string; durationSeconds: number }) =>
    speechMetrics(transcript, durationSeconds),
  prompt: `You are a friendly speaking coach giving a student feedback on a rehearsal of a class presentation.

The student spoke {{wordCount}} words in {{durationSeconds}} seconds: {{wordsPerMinute}} words per minute. Their words are below, transcribed as spoken.
{{#fillerWords}}
Filler words counted (word and count):
{{fillerWords}}
{{/fillerWords}}

Write your feedback in Markdown with these sections:
## What worked
Two or three specific strengths, quoting the student's own words.
## Pace and delivery
Comment on the speaking rate against a comfortable 130 to 160 words per minute, and on the filler words counted above, if any. Use the counts given; do not recount.
## Clarity and structure
Whether the opening, main points and ending are easy to follow, and one concrete change that would help most.
## Try this next time
Two short, practical exercises for the next rehearsal.

Be encouraging and honest. Base every comment on the transcript; do not invent content.

The transcript:
{{transcript}}`,
  actionLabel: 'Get Feedback',
  result: z.object({
    transcript: z.string().describe('Transcript'),
    wordCount: z.number().int().min(0).describe('Words'),
    durationSeconds: z.number().min(0).describe('Duration (seconds)'),
    wordsPerMinute: z.number().int().min(0).describe('Words per minute'),
    fillerWords: z
      .array(z.object({ word: z.string().describe('Filler word'), count: z.number().int().min(1).describe('Times') }))
      .describe('Filler words'),
    qualitativeFeedback: z.string().min(1).describe('Feedback'),
  }),
  example: {
    input: {
      transcript:
        "Hi everyone, um, today I'm going to talk about, like, why bees matter. So, basically, about a third of the food we eat depends on pollinators, and bees are the most important ones. Um, in the last ten years, beekeepers in the US have lost around 30 percent of their colonies every winter. The main causes are, you know, pesticides, parasites like the varroa mite, and loss of wild flowers. So what can we do? We can plant wild flowers, avoid pesticides in our gardens, and buy from local beekeepers. Thank you.",
      durationSeconds: 42,
    },
    output: {
      transcript:
        "Hi everyone, um, today I'm going to talk about, like, why bees matter. So, basically, about a third of the food we eat depends on pollinators, and bees are the most important ones. Um, in the last ten years, beekeepers in the US have lost around 30 percent of their colonies every winter. The main causes are, you know, pesticides, parasites like the varroa mite, and loss of wild flowers. So what can we do? We can plant wild flowers, avoid pesticides in our gardens, and buy from local beekeepers. Thank you.",
      wordCount: 92,
      durationSeconds: 42,
      wordsPerMinute: 131,
      fillerWords: [
        { word: 'like', count: 2 },
        { word: 'um', count: 2 },
        { word: 'so', count: 2 },
        { word: 'you know', count: 1 },
        { word: 'basically', count: 1 },
      ],
      qualitativeFeedback: `## What worked
- A strong, concrete fact early on: "about a third of the food we eat depends on pollinators" tells the audience why they should care.
- You gave a clear list of causes ("pesticides, parasites like the varroa mite, and loss of wild flowers") and then practical actions, which is an easy structure to follow.

## Pace and delivery
At 131 words per minute you were just inside the comfortable 130 to 160 range: a good pace for an audience hearing these facts for the first time. Filler words came up eight times ("um", "so" and "like" twice each, "you know" and "basically" once). One "like" was a real comparison ("parasites like the varroa mite"), but the others were fillers. Pausing silently instead of saying "um" or "so" will make you sound more confident.

## Clarity and structure
The opening promise ("why bees matter") and the ending with actions work well. The one change that would help most: add a sentence that links the colony losses to the audience's own lives (for example, fruit prices or what grows in local gardens) before you move to solutions.

## Try this next time
1. Record your first 30 seconds three times, replacing every "um" and "so" with a one-second pause.
2. Practise the statistics aloud until you can say them without looking down, then make eye contact as you say them.`,
    },
  },
});
