import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'text-simplifier',
  title: 'Text Simplifier',
  description: 'Rewrite a difficult text in simpler English at the CEFR level you choose, keeping all the important facts.',
  icon: 'translate',
  category: 'Notes and summaries',
  subjects: ['english', 'eal', 'esl', 'languages'],
  keywords: [
    'simplify', 'simple english', 'easy to read', 'reading', 'cefr', 'plain english', 'rewrite', 'understand',
    'difficult text', 'ell', 'english learner', 'translate',
  ],
  fields: [
    {
      name: 'text',
      kind: 'textarea',
      label: 'Text to simplify',
      placeholder: 'Paste an article, a textbook paragraph or instructions...',
      required: true,
    },
    {
      name: 'level',
      kind: 'select',
      label: 'English level (CEFR)',
      options: ['A2', 'B1', 'B2'],
      default: 'A2',
      help: 'A2 is elementary, B1 intermediate, B2 upper intermediate.',
    },
  ],
  prompt: `You are an experienced teacher of English as a foreign language who adapts real texts for learners.

Rewrite the text below for a reader at CEFR level {{level}}. Follow the guidance for that level:
- A2: short sentences (mostly under 12 words), one idea per sentence, the most common everyday words, present simple, past simple and "will"; replace or explain every specialist word.
- B1: sentences of up to about 18 words, common vocabulary, simple linking words (because, but, so, however, for example); keep important subject terms and explain each one briefly in the sentence.
- B2: natural, fluent English with some longer sentences; keep the subject's terms; only rewrite rare words, idioms and very dense sentences.

Rules:
- Keep every important fact, name, number and date, and keep the order of ideas. Do not add new facts or opinions, and do not leave out a main point to make the text shorter.
- Write in paragraphs that match the original; use a list only where the original has one.
- Start directly with the rewritten text, with no title or introduction.
- After the text, add a section "## Words to know" with three to six useful words from your version, each as a bullet: the **word** and a simple explanation at the same level.

The text:
{{text}}`,
  result: 'markdown',
  actionLabel: 'Simplify Text',
  // Its readers are learning English: reading levels are CEFR's, which no formula measures.
  refine: { readingLevel: 'cefr' },
  example: {
    input: {
      text: 'The Great Barrier Reef, located off the coast of Queensland in north-eastern Australia, is the largest coral reef system on Earth, stretching for roughly 2,300 kilometres. In recent decades, it has experienced a series of mass bleaching events, most notably in 2016 and 2017, when unusually high sea temperatures caused corals to expel the microscopic algae living in their tissues. Deprived of these algae, which supply most of their energy and give them their colour, the corals turn white and, if the heat persists, may die. Scientists warn that without substantial reductions in greenhouse gas emissions, such events will become more frequent, leaving reefs insufficient time to recover.',
      level: 'A2',
    },
    output: `The Great Barrier Reef is in the sea near Queensland, in the north-east of Australia. It is the biggest coral reef in the world. It is about 2,300 kilometres long.

In the last few years, a lot of the coral has turned white. This is called bleaching. It happened to very large parts of the reef in 2016 and 2017. In those years, the sea was much hotter than usual.

Very small plants called algae live inside the coral. They give the coral most of its food and its colours. When the water gets too hot, the coral pushes the algae out. Then the coral becomes white. If the water stays hot for a long time, the coral can die.

Scientists say we must make much less of the gases that make the Earth warmer. If we do not, bleaching will happen more often. Then the reef will not have enough time to get better.

## Words to know
- **coral**: a small sea animal. Many corals together make a reef.
- **reef**: a long line of coral or rock under the sea.
- **bleaching**: when coral loses its colour and turns white.
- **algae**: very small plants that live in water.
- **scientist**: a person who studies the natural world.`,
  },
});
