import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'daily-learner',
  title: 'Daily 5-Min Learner',
  description: 'Learn one interesting idea from any subject in a five-minute lesson, with a quick question to check yourself.',
  icon: 'local_library',
  category: 'Notes and summaries',
  subjects: ['general knowledge', 'history', 'science', 'astronomy', 'economics'],
  keywords: ['learn', 'daily', 'lesson', 'five minutes', 'quick', 'fun fact', 'curious', 'bite-size', 'new topic', 'habit', 'quick quiz'],
  fields: [
    {
      name: 'subject',
      kind: 'text',
      label: 'Subject',
      placeholder: 'e.g. Astronomy, Roman history, Economics',
      required: true,
    },
  ],
  prompt: `You are an enthusiastic teacher writing a five-minute daily lesson for a curious secondary-school or university student.

Pick one specific, bite-sized idea from the subject below (a single concept, discovery, event or surprising fact, not a broad overview of the whole subject) and teach it in a Markdown lesson of about 150 to 200 words:
- A level-two heading (##) with a title that makes the reader curious.
- A first paragraph of one or two sentences that hooks the reader with a question or a surprising fact. Plain text, no bold in the first sentence.
- One or two short paragraphs explaining the idea clearly, with one concrete example. Bold the one or two key terms.
- A line starting "**Remember:**" with the idea in one sentence.
- A line starting "**Quick check:**" with one short question the reader can answer from the lesson, followed by the answer in brackets.

Be accurate: use only well-established facts, and give a number or a date only if you are sure of it. Keep the language lively but simple, and define any technical term you use.

The subject:
{{subject}}`,
  result: 'markdown',
  actionLabel: "Today's Lesson",
  example: {
    input: { subject: 'Astronomy' },
    output: `## Why we only ever see one face of the Moon

Have you noticed that the Moon always shows us the same "face"? People in every country, in every century, have looked at the same side.

This is not because the Moon does not spin. It does, but it turns exactly once on its axis in the time it takes to orbit Earth once, about 27 days. Astronomers call this **tidal locking**. Long ago, the Moon spun faster. Earth's gravity stretched it slightly out of shape, and that pull acted like a brake on the bulge until the Moon's spin matched its orbit.

You can try it yourself: walk in a circle around a chair while always facing it. You turn around once, yet the chair only ever sees your front. Tidal locking is common: many moons in the solar system, including the large moons of Jupiter, always face their planet the same way.

**Remember:** the Moon spins once per orbit, so the same side always faces Earth.

**Quick check:** If the Moon did not spin at all, would we see its far side? (Yes: over one orbit we would see every side.)`,
  },
});
