import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'smart-notes',
  title: 'SmartNotes',
  description: 'Turn any text into clear study notes: a short summary, the key ideas and a plain explanation.',
  icon: 'lightbulb',
  category: 'Notes and summaries',
  subjects: ['science', 'biology', 'history', 'geography', 'economics'],
  keywords: [
    'notes', 'summary', 'summarise', 'summarize', 'study notes', 'key ideas', 'revise', 'revision', 'test', 'exam',
    'textbook', 'simplify', 'explain', 'condense', 'note taking',
  ],
  fields: [
    {
      name: 'text',
      kind: 'textarea',
      label: 'Text to summarise',
      placeholder: 'Paste a textbook section, an article or your lecture notes...',
      required: true,
    },
    {
      name: 'eli10',
      kind: 'switch',
      label: "Explain like I'm 10",
      help: 'Simpler words, short sentences and everyday examples.',
      default: false,
    },
  ],
  prompt: `You are a patient study coach writing revision notes for a secondary-school or university student.

Turn the text below into study notes in Markdown with exactly these sections:
## Summary
Three to five sentences giving the main point of the text.
## Key ideas
Five to eight bullet points, one idea each, in the order the text presents them. Bold the key term in each bullet.
## In plain words
A short explanation of the hardest idea in the text, as a tutor would say it aloud.
{{#eli10}}
Write every section for a curious ten-year-old: short sentences, everyday words, and one familiar example (a kitchen, a playground, a football match) for the hardest idea. Explain any word a ten-year-old might not know.
{{/eli10}}{{^eli10}}
Keep the subject's proper terms, and define each one the first time it appears.
{{/eli10}}
Only use facts that are in the text. If the text is too short or unclear to summarise, say so in one sentence instead.

The text:
{{text}}`,
  result: 'markdown',
  example: {
    input: {
      text: 'Photosynthesis is the process by which green plants, algae and some bacteria convert light energy into chemical energy. In the chloroplasts, chlorophyll absorbs light, mostly red and blue wavelengths. The light-dependent reactions split water molecules, releasing oxygen and producing ATP and NADPH. In the Calvin cycle, which does not need light directly, the plant uses ATP and NADPH to fix carbon dioxide from the air into glucose. The glucose is used for energy and to build cellulose and starch.',
      eli10: false,
    },
    output: `## Summary
Photosynthesis is how plants, algae and some bacteria turn light into chemical energy. It happens in chloroplasts in two stages: the light-dependent reactions capture energy and release oxygen, and the Calvin cycle uses that energy to build glucose from carbon dioxide. The glucose fuels the plant and becomes cellulose and starch.

## Key ideas
- **Photosynthesis** converts light energy into chemical energy stored in glucose.
- **Chloroplasts** are where it happens; their **chlorophyll** absorbs mostly red and blue light.
- **Light-dependent reactions** split water, releasing **oxygen** as a by-product.
- These reactions also make **ATP** and **NADPH**, the energy carriers for the next stage.
- The **Calvin cycle** does not need light directly; it fixes **carbon dioxide** into glucose.
- **Glucose** is used for energy and to build **cellulose** (cell walls) and **starch** (storage).

## In plain words
Think of photosynthesis as a two-step factory. Step one runs on sunlight: it charges up "batteries" (ATP and NADPH) and throws out oxygen as waste. Step two takes those charged batteries and uses them to glue carbon dioxide from the air together into sugar, which the plant eats or builds with.`,
  },
});
