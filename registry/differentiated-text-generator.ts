import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'differentiated-text-generator',
  title: 'Differentiated Text Generator',
  description: 'For Teachers: Rewrite a text at three English levels (A2, B1 and B2) so every learner can read the same content.',
  icon: 'difference',
  role: 'teacher',
  category: 'Teaching',
  subjects: ['english', 'eal', 'esl', 'languages', 'literacy'],
  keywords: [
    'differentiation', 'differentiate', 'reading levels', 'simplify', 'ell', 'ela', 'cefr', 'a2', 'b1', 'b2',
    'mixed ability', 'reading', 'inclusion', 'sen', 'levelled text', 'leveled text', 'lesson resources',
  ],
  fields: [
    {
      name: 'originalText',
      kind: 'textarea',
      label: 'Original text',
      personal: 'text',
      placeholder: 'Paste a textbook paragraph, an article or a reading passage...',
      required: true,
    },
  ],
  prompt: `You are an experienced teacher of English language learners who adapts classroom texts to the levels of the Common European Framework of Reference (CEFR).

Rewrite the text below three times, once for each level. Each version must keep the same key facts, names, numbers and order of ideas, so that learners at different levels can discuss the same content together. Do not add new information and do not leave out the main points.
- A2 (elementary): short sentences (mostly under 12 words), the most common everyday words, present and past simple, and no idioms. Explain any subject word the text needs in simple words the first time it appears.
- B1 (intermediate): clear sentences of moderate length, common linking words (because, however, so, although), simple relative clauses and everyday vocabulary plus the key subject words.
- B2 (upper intermediate): close to the original in richness, with a wider range of vocabulary and structures (passives, conditionals, complex sentences), but clearer than the original where it is dense.

Each version should be about as long as the original or shorter, written as plain paragraphs with no headings or lists.

The original text:
{{originalText}}`,
  result: z.object({
    levelA2: z.string().min(1).describe('A2 (elementary)'),
    levelB1: z.string().min(1).describe('B1 (intermediate)'),
    levelB2: z.string().min(1).describe('B2 (upper intermediate)'),
  }),
  renderer: 'tabs',
  actionLabel: 'Create Three Levels',
  // It writes its own three levels (A2, B1, B2): one target grade for all three would undo the differentiation.
  refine: { readingLevel: false },
  example: {
    input: {
      originalText:
        'Honeybees play a vital role in agriculture because they pollinate many of the crops we rely on, including apples, almonds and strawberries. As a bee collects nectar, pollen sticks to its hairy body and is transferred to the next flower it visits, allowing the plant to produce seeds and fruit. In recent decades, however, bee populations have declined in many regions. Scientists attribute this to a combination of factors, such as pesticide use, habitat loss and parasites like the varroa mite. Because roughly a third of the food we eat depends on pollinators, this decline could have serious consequences for food supplies.',
    },
    output: {
      levelA2:
        'Honeybees are very important for farms. They help many plants make fruit, like apples, almonds and strawberries. A bee drinks nectar, a sweet liquid, from flowers. Pollen, a yellow powder, sticks to the bee’s hairy body. The bee carries the pollen to the next flower. This is called pollination. Then the plant can make seeds and fruit. But there are fewer bees now in many places. Scientists say there are different reasons. Farmers use chemicals to kill insects. Bees have fewer places to live. Small animals called varroa mites make bees ill. About one third of our food needs bees and other pollinators. So fewer bees can mean less food for people.',
      levelB1:
        'Honeybees are very important for farming because they pollinate many crops that we need, such as apples, almonds and strawberries. When a bee collects nectar from a flower, pollen sticks to its hairy body. The bee then carries the pollen to the next flower, and this helps the plant to make seeds and fruit. However, the number of bees has gone down in many parts of the world over the last few decades. Scientists believe there are several reasons for this, including pesticides, the loss of the places where bees live, and parasites such as the varroa mite. About a third of the food we eat depends on pollinators, so this fall in bee numbers could be a serious problem for our food supply.',
      levelB2:
        'Honeybees are essential to agriculture, as they pollinate many of the crops we depend on, including apples, almonds and strawberries. While a bee gathers nectar, pollen clings to its hairy body and is carried to the next flower it visits, which allows the plant to produce seeds and fruit. In recent decades, however, bee populations have fallen in many regions. Scientists believe this is caused by several factors working together, such as the use of pesticides, the loss of natural habitats and parasites like the varroa mite. Since around a third of the food we eat relies on pollinators, this decline could seriously threaten food supplies.',
    },
  },
});
