import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'literary-device-finder',
  title: 'Literary Device Finder',
  description: 'Paste a poem or prose passage and see which literary devices it uses, where, and what effect they have.',
  icon: 'local_florist',
  category: 'Thinking and discussion',
  subjects: ['english', 'english literature', 'literature', 'poetry', 'ela'],
  keywords: [
    'literary devices', 'poem', 'poetry analysis', 'metaphor', 'simile', 'imagery', 'alliteration', 'personification',
    'language analysis', 'close reading', 'annotate', 'shakespeare', 'prose', 'techniques',
  ],
  fields: [
    {
      name: 'passage',
      kind: 'textarea',
      label: 'Passage',
      placeholder: 'Paste a poem, a speech or a paragraph from a novel, e.g. "Tomorrow, and tomorrow, and tomorrow..."',
      required: true,
      help: 'A few lines to a page works best. Add the title and author if you know them.',
    },
  ],
  prompt: `You are an English literature teacher helping a secondary-school or first-year university student with close reading.

Find the literary devices used in the passage below. List them in the order they first appear in the passage. For each one give:
- The device: the standard name of the device, e.g. "Metaphor", "Personification", "Alliteration", "Enjambment", "Dramatic irony". Name the same device twice only if it is used for clearly different effects.
- How it works here: two or three sentences saying how the device works in this passage and what effect it has on meaning, mood or tone. Write about this passage, not a textbook definition.
- The quote: the exact words from the passage that show the device, copied character for character (a phrase or a line or two, not a whole paragraph). Never paraphrase or invent a quotation.

Only list devices that are really present; prefer the clearest and most important ones over a long list of minor ones. If the passage is short or plain, include subtler techniques such as imagery, repetition, word choice or sentence structure rather than forcing a device that is not there. Use terms a student can find in a standard glossary of literary terms.

The passage:
{{passage}}`,
  result: z
    .array(
      z.object({
        device: z.string().min(1).describe('Device'),
        explanation: z.string().min(1).describe('How it works here'),
        quote: z.string().min(1).describe('Quote'),
      }),
    )
    .min(3)
    .max(8)
    .describe('Literary devices'),
  actionLabel: 'Find Devices',
  example: {
    input: {
      passage:
        "Tomorrow, and tomorrow, and tomorrow,\nCreeps in this petty pace from day to day,\nTo the last syllable of recorded time;\nAnd all our yesterdays have lighted fools\nThe way to dusty death. Out, out, brief candle!\nLife's but a walking shadow, a poor player,\nThat struts and frets his hour upon the stage,\nAnd then is heard no more. It is a tale\nTold by an idiot, full of sound and fury,\nSignifying nothing.\n(William Shakespeare, Macbeth, Act 5 Scene 5)",
    },
    output: [
      {
        device: 'Repetition',
        explanation:
          'Repeating "tomorrow" three times, joined by "and", makes the line drag, so the listener feels the endless, identical days Macbeth dreads. Coming just after the news of his wife\'s death, it shows a man for whom the future has lost all meaning.',
        quote: 'Tomorrow, and tomorrow, and tomorrow,',
      },
      {
        device: 'Personification',
        explanation:
          'Time is given a body that "creeps", as if it were crawling deliberately slowly. This makes time feel like a weary, joyless presence rather than something neutral, which matches Macbeth\'s exhaustion.',
        quote: 'Creeps in this petty pace from day to day',
      },
      {
        device: 'Alliteration',
        explanation:
          'The repeated "p" sound is almost spat out, giving the line a bitter, contemptuous tone towards everyday life. The same effect returns three lines later in "dusty death", which links death to dust and decay.',
        quote: 'petty pace',
      },
      {
        device: 'Metaphor',
        explanation:
          'Life is compared to a candle that burns briefly and is easily put out. By telling the candle to go out, Macbeth addresses life itself, as if he is ready for it to end.',
        quote: 'Out, out, brief candle!',
      },
      {
        device: 'Extended metaphor',
        explanation:
          'Life becomes a bad actor who shows off and worries for a short performance and is then forgotten. The theatre image reminds the audience that they are watching an actor, and suggests that human ambition, including Macbeth\'s own, is only a brief show.',
        quote: "Life's but a walking shadow, a poor player,\nThat struts and frets his hour upon the stage,",
      },
      {
        device: 'Enjambment',
        explanation:
          'The sentence runs over the line break and then stops abruptly on "Signifying nothing", a line of only two words. The sudden short line enacts the emptiness it describes and ends the speech on its bleakest word.',
        quote: 'It is a tale\nTold by an idiot, full of sound and fury,\nSignifying nothing.',
      },
    ],
  },
});
