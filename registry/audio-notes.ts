import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'audio-notes',
  title: 'Audio Notes',
  description: 'Record a lecture or upload a recording, and get a summary, key points and action items.',
  icon: 'mic',
  category: 'Notes and summaries',
  subjects: ['study skills'],
  keywords: [
    'lecture', 'recording', 'record', 'transcribe', 'transcript', 'voice', 'audio', 'class notes', 'notes', 'summary',
    'summarise', 'summarize', 'key points', 'podcast', 'listen', 'revise', 'revision', 'action items',
  ],
  fields: [
    {
      name: 'transcript',
      kind: 'textarea',
      label: 'Transcript',
      placeholder: 'Record or upload a lecture, or paste a transcript...',
      required: true,
      widget: 'audio-recorder',
      help: 'Recordings and uploads are transcribed here; you can correct the transcript before summarising again.',
    },
  ],
  prompt: `You are a note-taker for a student who attended the lecture or meeting below and needs notes to revise from.

From the transcript, write:
- A summary: a paragraph of four to six sentences giving the main topic and the speaker's key argument or decisions.
- The key points, in the order they came up, each a full sentence with the concrete detail (names, numbers, dates) that was said.
- The action items: everything someone has to do next (readings, deadlines, tasks, who does what), each starting with a verb. If nothing was asked of anyone, give none.

Transcripts contain filler words, false starts and mistranscribed words: ignore the filler and correct obvious mistakes from context, but never add facts that were not said.

The transcript:
{{transcript}}`,
  actionLabel: 'Summarize',
  result: z.object({
    summary: z.string().min(1).describe('Summary'),
    keyPoints: z.array(z.string().min(1)).min(1).max(10).describe('Key points'),
    actionItems: z.array(z.string().min(1)).max(10).describe('Action items'),
  }),
  example: {
    input: {
      transcript:
        "Okay, so, um, let's get started. Today we're finishing the unit on the French Revolution by looking at the Reign of Terror, 1793 to 1794. The Committee of Public Safety, led in practice by Robespierre, used the Law of Suspects to arrest anyone seen as an enemy of the revolution. Around 17,000 people were officially executed, and many more died in prison. The Terror ended with the Thermidorian Reaction in July 1794, when Robespierre himself was arrested and guillotined. For next week, please read chapter 9, pages 210 to 232, and your source analysis essay is due on Friday the 14th. Oh, and groups for the debate: please send me your group names by Wednesday.",
    },
    output: {
      summary:
        'The lecture closed the French Revolution unit with the Reign of Terror (1793 to 1794). It explained how the Committee of Public Safety, effectively led by Robespierre, used the Law of Suspects to arrest perceived enemies of the revolution. Around 17,000 people were officially executed and many more died in prison. The Terror ended with the Thermidorian Reaction in July 1794, when Robespierre was himself arrested and executed.',
      keyPoints: [
        'The Reign of Terror lasted from 1793 to 1794.',
        'The Committee of Public Safety directed the Terror, with Robespierre as its leading figure.',
        'The Law of Suspects allowed the arrest of anyone seen as an enemy of the revolution.',
        'About 17,000 people were officially executed, and many more died in prison.',
        'The Thermidorian Reaction in July 1794 ended the Terror with the arrest and execution of Robespierre.',
      ],
      actionItems: [
        'Read chapter 9, pages 210 to 232, before next week.',
        'Submit the source analysis essay by Friday the 14th.',
        'Send your debate group name to the teacher by Wednesday.',
      ],
    },
  },
});
