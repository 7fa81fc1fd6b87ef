import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'mnemonic-maker',
  title: 'Mnemonic Maker',
  description: 'Remember any list in order with a memory trick made for it: an acronym, a short story and a rhyme.',
  icon: 'psychology_alt',
  category: 'Quizzes and practice',
  subjects: ['science', 'biology', 'history', 'languages', 'geography'],
  keywords: [
    'mnemonic', 'memorise', 'memorize', 'remember', 'memory', 'acronym', 'rhyme', 'memory trick', 'list', 'order',
    'revise', 'revision', 'exam', 'test',
  ],
  fields: [
    {
      name: 'items',
      kind: 'textarea',
      label: 'Items to remember',
      placeholder: 'One per line, e.g.\nMercury\nVenus\nEarth\nMars',
      required: true,
      help: 'Put one item on each line, in the order you need to recall them.',
    },
  ],
  prompt: `You are a memory coach helping a secondary-school or university student memorise a list for an exam.

Create memory aids for the items below, keeping the items in the order given. Choose from these aids:
- An acronym: the first letters of the items in order, then a memorable word or sentence built from them, then the key. Format: "LETTERS: Sentence (Item 1, Item 2, ...)". Where items share a first letter, a sentence (acrostic) works better than a single word.
- A story: a short, vivid and slightly funny story of 60 to 120 words that mentions every item in order, with each item in **bold** the first time it appears.
- A rhyme: a rhyme or jingle of two to six lines with a clear rhythm that names every item in order.

Include an aid only if it works for these items: for example, leave out the acronym for a long list (more than about ten), where it would be too long to remember. Always give at least one aid.

Keep every item spelt exactly as given, keep the content suitable for school, and do not add items that are not in the list.

The items:
{{items}}`,
  result: z
    .object({
      acronym: z.string().optional().describe('Acronym'),
      story: z.string().optional().describe('Story'),
      rhyme: z.string().optional().describe('Rhyme'),
    })
    .refine(
      (aids) => [aids.acronym, aids.story, aids.rhyme].some((aid) => aid !== undefined && aid.trim() !== ''),
      'At least one memory aid is needed.',
    ),
  actionLabel: 'Make Mnemonics',
  example: {
    input: { items: 'Mercury\nVenus\nEarth\nMars\nJupiter\nSaturn\nUranus\nNeptune' },
    output: {
      acronym:
        'MVEMJSUN: My Very Educated Mother Just Served Us Nachos (Mercury, Venus, Earth, Mars, Jupiter, Saturn, Uranus, Neptune)',
      story:
        'A speedy messenger called **Mercury** ran so close to the Sun that his sandals smoked. He was carrying a love letter to **Venus**, the brightest star of the show, who lived next door to **Earth**, a friendly blue house with a garden. Earth\'s grumpy red neighbour **Mars** shouted at the noise, waking the giant **Jupiter**, who rolled over and knocked the rings off **Saturn**\'s fingers. The rings bounced all the way to **Uranus**, who was lying on his side as usual, and finally splashed into the cold blue sea of **Neptune**.',
      rhyme:
        "Mercury's nearest, Venus shines bright,\nEarth is our home, Mars glows red in the night;\nJupiter's giant, Saturn wears rings,\nUranus rolls sideways, and Neptune's wind sings.",
    },
  },
});
