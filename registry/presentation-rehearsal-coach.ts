import { z } from 'zod';
import { defineTool } from '../src/engine/defineTool';

export default defineTool({
  id: 'presentation-rehearsal-coach',
  title: 'Presentation Rehearsal Coach',
  description: 'Rehearse your talk and get feedback on pace, filler words, clarity and structure.',
  icon: 'record_voice_over',
  category: 'Presentations',
  fields: [
    {
      name: 'transcript',
      kind: 'textarea',
      label: 'What you said',
      placeholder: 'Paste or type your talk as you delivered it...',
      required: true,
    },
    {
      name: 'durationSeconds',
      kind: 'number',
      label: 'How long it took (seconds)',
      min: 1,
      max: 3600,
      default: 60,
    },
  ],
  prompt: `You are a friendly speaking coach giving a student feedback on a rehearsal of a class presentation.

The student spoke for {{durationSeconds}} seconds. Their words are below, transcribed as spoken.

Write qualitativeFeedback in Markdown with these sections:
## What worked
Two or three specific strengths, quoting the student's own words.
## Pace and delivery
Comment on the speaking rate (130 to 160 words per minute is comfortable for an audience) and on filler words such as "um", "like" and "you know", if any appear.
## Clarity and structure
Whether the opening, main points and ending are easy to follow, and one concrete change that would help most.
## Try this next time
Two short, practical exercises for the next rehearsal.

Be encouraging and honest. Base every comment on the transcript; do not invent content.

The transcript:
{{transcript}}`,
  result: z.object({
    qualitativeFeedback: z.string().min(1).describe('Feedback'),
  }),
  example: {
    input: {
      transcript:
        "Hi everyone, um, today I'm going to talk about, like, why bees matter. So, basically, about a third of the food we eat depends on pollinators, and bees are the most important ones. Um, in the last ten years, beekeepers in the US have lost around 30 percent of their colonies every winter. The main causes are, you know, pesticides, parasites like the varroa mite, and loss of wild flowers. So what can we do? We can plant wild flowers, avoid pesticides in our gardens, and buy from local beekeepers. Thank you.",
      durationSeconds: 42,
    },
    output: {
      qualitativeFeedback: `## What worked
- A strong, concrete fact early on: "about a third of the food we eat depends on pollinators" tells the audience why they should care.
- You gave a clear list of causes ("pesticides, parasites like the varroa mite, and loss of wild flowers") and then practical actions, which is an easy structure to follow.

## Pace and delivery
You spoke about 86 words in 42 seconds, roughly 123 words per minute: a little slower than the comfortable 130 to 160, which is fine for an opening but could feel hesitant over a longer talk. Filler words came up several times ("um" twice, "like", "basically", "you know", and "so" to start sentences). Pausing silently instead of saying "um" will make you sound more confident.

## Clarity and structure
The opening promise ("why bees matter") and the ending with actions work well. The one change that would help most: add a sentence that links the colony losses to the audience's own lives (for example, fruit prices or what grows in local gardens) before you move to solutions.

## Try this next time
1. Record your first 30 seconds three times, replacing every "um" with a one-second pause.
2. Practise the statistics aloud until you can say them without looking down, then make eye contact as you say them.`,
    },
  },
});
