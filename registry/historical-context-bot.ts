import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'historical-context-bot',
  title: 'Historical Context Bot',
  description: 'See a historical event in context: what else was happening in the world, the key people involved and what led up to it.',
  icon: 'history_edu',
  category: 'Research and sources',
  subjects: ['history', 'politics', 'english', 'literature'],
  keywords: [
    'history', 'historical event', 'context', 'background', 'timeline', 'causes', 'key people', 'war', 'revolution',
    'period', 'era', 'modern history',
  ],
  fields: [
    {
      name: 'event',
      kind: 'text',
      label: 'Historical event',
      placeholder: 'e.g. The fall of the Berlin Wall (1989)',
      required: true,
      help: 'Adding a year or place helps when several events share a name.',
    },
  ],
  prompt: `You are a history teacher helping a secondary-school or university student understand the context of a historical event for an essay or exam.

For the event below, list the context in three parts. Each item is one or two sentences and starts with a date or year.
- Meanwhile in the world: other significant events happening in the world at about the same time (within a few years), preferably in other countries or regions, each with one phrase on how it relates to or contrasts with the event, where there is a link.
- Key figures: the people who shaped the event, each written as "Name (role at the time): what they did and why it mattered".
- What led up to it: earlier events that led up to it, in chronological order, each with one phrase on how it contributed.

Rules:
- Use only well-established historical facts with accurate dates and names. Never invent people, quotations, dates or events; if you are unsure of a detail, leave it out.
- Present contested causes or interpretations as such, and stay neutral on political questions.
- If the name could refer to several events, use the best-known one.

The event:
{{event}}`,
  result: z.object({
    worldEvents: z.array(z.string().min(1)).min(3).max(5).describe('Meanwhile in the world'),
    keyFigures: z.array(z.string().min(1)).min(3).max(5).describe('Key figures'),
    precedingEvents: z.array(z.string().min(1)).min(3).max(5).describe('What led up to it'),
  }),
  example: {
    input: { event: 'The fall of the Berlin Wall (1989)' },
    output: {
      worldEvents: [
        '1989 (February): the last Soviet troops left Afghanistan, ending a costly war that had weakened the Soviet Union.',
        '1989 (March): Tim Berners-Lee proposed the World Wide Web at CERN, the start of a communications revolution in the same year the Cold War order began to break up.',
        '1989 (June): protests in Tiananmen Square, Beijing, were crushed by the Chinese army, a sharp contrast with the largely peaceful changes in Eastern Europe that year.',
        '1989 (November to December): the Velvet Revolution in Czechoslovakia peacefully ended communist rule weeks after the Wall fell.',
        '1990 (February): Nelson Mandela was released from prison in South Africa, another sign of a rapidly changing world order.',
      ],
      keyFigures: [
        'Mikhail Gorbachev (leader of the Soviet Union): his reforms, glasnost and perestroika, and his decision not to use force in Eastern Europe made peaceful change possible.',
        'Erich Honecker (East German leader until October 1989): his refusal to reform increased public anger, and he was forced out weeks before the Wall fell.',
        'Egon Krenz (Honecker\'s successor): he led East Germany when the border opened and tried to calm protests with travel reforms.',
        'Günter Schabowski (East German Politburo spokesman): on 9 November 1989 he mistakenly announced that the new travel rules applied "immediately", sending crowds to the border crossings.',
        'Helmut Kohl (West German Chancellor): he quickly pushed for German reunification, which followed on 3 October 1990.',
      ],
      precedingEvents: [
        '1961 (August): East Germany built the Berlin Wall to stop its citizens escaping to the West, making it the symbol of the Cold War divide.',
        '1985 onwards: Gorbachev\'s reforms in the Soviet Union loosened control over the Eastern Bloc.',
        '1989 (June): Solidarity won the partly free elections in Poland, showing that communist rule could be challenged peacefully.',
        '1989 (May to September): Hungary dismantled its border fence with Austria and, in September, let East Germans cross freely, so thousands fled west.',
        '1989 (October): mass Monday demonstrations in Leipzig, including about 70,000 people on 9 October, showed the regime could no longer control the streets.',
      ],
    },
  },
});
