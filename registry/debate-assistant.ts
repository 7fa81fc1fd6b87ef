import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

const side = (label: string) =>
  z
    .array(
      z.object({
        argument: z.string().min(1).describe('Argument'),
        rebuttal: z.string().min(1).describe('Likely rebuttal'),
      }),
    )
    .length(3)
    .describe(label);

export default defineTool({
  id: 'debate-assistant',
  title: 'Debate Prep Assistant',
  description: 'Prepare for a debate with three arguments for each side of the motion and the rebuttals you should expect.',
  icon: 'gavel',
  category: 'Thinking and discussion',
  subjects: ['english', 'politics', 'citizenship', 'philosophy'],
  keywords: [
    'debate', 'motion', 'arguments', 'for and against', 'pros and cons', 'rebuttal', 'counterargument',
    'public speaking', 'persuasive', 'opposition', 'proposition', 'speech',
  ],
  fields: [
    {
      name: 'motion',
      kind: 'text',
      label: 'Debate motion',
      placeholder: 'e.g. This house would lower the voting age to 16',
      required: true,
    },
  ],
  prompt: `You are a debate coach preparing a secondary-school or university student for a formal debate. The student may be placed on either side, so treat both sides fairly and make each as strong as it can be.

For the motion below, give the arguments for the motion and the arguments against it.

For each argument, write:
- The argument itself: a clear claim followed by its reasoning and one concrete example or piece of evidence, in two or three sentences.
- The likely rebuttal: the strongest response the other side is likely to give to this argument, in one or two sentences, so the student can prepare an answer.

Make the arguments on each side genuinely different (for example principle, practical effects and fairness), not the same point reworded. Use only well-established facts and real examples; never invent statistics, studies or quotations, and if you are unsure of a figure, make the point without it. Keep the language clear and suitable for school.

The motion:
{{motion}}`,
  result: z.object({
    pro: side('For the motion'),
    con: side('Against the motion'),
  }),
  actionLabel: 'Prepare Arguments',
  example: {
    input: { motion: 'This house would lower the voting age to 16' },
    output: {
      pro: [
        {
          argument:
            'Sixteen-year-olds already carry adult responsibilities: in the UK they can work, pay income tax and join the armed forces with parental consent. If the state can tax them and ask them to serve, they should have a say in who governs them.',
          rebuttal:
            'Society sets different ages for different rights; working or paying tax does not automatically earn the vote, just as it does not earn the right to buy alcohol.',
        },
        {
          argument:
            'Voting at 16 can build a lifelong habit, because most 16-year-olds still live at home and study locally, so schools and families can help them vote for the first time. Scotland has let 16-year-olds vote in Scottish Parliament and local elections since 2016, and it is now widely accepted there.',
          rebuttal:
            'Turnout among the youngest voters is often low, so lowering the age may simply add more non-voters rather than build a habit.',
        },
        {
          argument:
            'Decisions made today, on climate, housing and university fees, will affect young people for longest. Giving 16- and 17-year-olds a vote makes politicians pay attention to their interests.',
          rebuttal:
            'Young people can already influence politics by campaigning, protesting and joining youth parliaments, so the vote is not the only way to be heard.',
        },
      ],
      con: [
        {
          argument:
            'The age of 18 is the widely recognised threshold of adulthood: it is when most legal rights, such as serving on a jury or signing contracts, begin. Voting should stay with those other adult responsibilities.',
          rebuttal:
            'The law already treats 16 as an age of responsibility in many areas, and Austria has let 16-year-olds vote in national elections since 2007 without harming its democracy.',
        },
        {
          argument:
            'Many 16-year-olds have had little chance to learn how government and elections work, so they may vote with less understanding of the issues.',
          rebuttal:
            'Political knowledge varies at every age; the answer is better citizenship education in schools, not excluding a whole age group.',
        },
        {
          argument:
            'Sixteen-year-olds may be more easily influenced by parents, teachers or social media campaigns, which could weaken the independence of their vote.',
          rebuttal:
            'Adults are influenced by family, newspapers and social media too, and the ballot is secret, so a 16-year-old is free to make up their own mind.',
        },
      ],
    },
  },
});
