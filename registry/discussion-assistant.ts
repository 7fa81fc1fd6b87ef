import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

export default defineTool({
  id: 'discussion-assistant',
  title: 'Discussion Assistant',
  description: 'Get a thoughtful opening reply for a class discussion question, plus angles to keep the conversation going.',
  icon: 'forum',
  category: 'Thinking and discussion',
  subjects: ['english', 'history', 'social studies', 'philosophy', 'politics'],
  keywords: [
    'discussion', 'forum', 'discussion post', 'reply', 'seminar', 'class discussion', 'opinion', 'respond',
    'online class', 'talking points',
  ],
  fields: [
    {
      name: 'question',
      kind: 'textarea',
      label: 'Discussion question',
      placeholder: 'e.g. Should museums return artefacts taken during colonial rule to their countries of origin?',
      required: true,
      help: 'Paste the question as your teacher wrote it, with any reading it refers to.',
    },
  ],
  prompt: `You are a discussion coach helping a secondary-school or university student take part in a class or online discussion forum.

For the discussion question below, write:
- A starter reply: an opening post of about 100 to 150 words (never under 80 or over 180), written in the first person as a thoughtful student would post it. Take a clear but open-minded position, give one or two reasons with a concrete example, acknowledge one point the other side would make, and end with a question that invites classmates to respond. Plain paragraphs, no headings or bullet points.
- Follow-up angles the student could raise later in the thread, each one short sentence: a different perspective, a complicating case, a link to another topic, or a question worth asking.

Be accurate: use only well-established facts and examples, never invent statistics, quotations or studies. Keep the tone respectful and suitable for school, and write it as a starting point the student can adapt into their own words. If the question refers to a reading you have not been given, answer from general knowledge and do not pretend to quote the reading.

The discussion question:
{{question}}`,
  result: z.object({
    starterReply: z
      .string()
      .min(1)
      .refine((text) => wordCount(text) >= 70 && wordCount(text) <= 200, 'The starter reply should be about 100 to 150 words.')
      .describe('Starter reply'),
    followUpAngles: z.array(z.string().min(1)).min(3).max(5).describe('Follow-up angles'),
  }),
  actionLabel: 'Draft Reply',
  example: {
    input: {
      question: 'Should museums return artefacts taken during colonial rule to their countries of origin? Use at least one real example in your answer.',
    },
    output: {
      starterReply:
        "I think museums should return artefacts that were taken by force, especially when the country of origin asks for them back. The Benin Bronzes are a clear case: British soldiers looted them from Benin City in 1897, and in 2022 Germany agreed to transfer ownership of more than a thousand of them to Nigeria. Returning objects like these acknowledges that they were stolen, and it lets people see their own heritage without travelling to Europe. I understand the worry that some objects could be less safe or less widely seen after a return, and that not every acquisition was theft. But those are reasons to return objects carefully, with shared exhibitions and loans, not reasons to keep them. Where should museums draw the line between an object that was looted and one that was traded or bought?",
      followUpAngles: [
        'Compare looted objects with ones bought or gifted in the colonial period: does fair payment matter if one side had little power to refuse?',
        'Look at how laws can block returns, such as the British Museum Act 1963, which limits what the museum may give away.',
        'Consider long-term loans and co-curated exhibitions as a middle ground, and ask whether they go far enough.',
        'Ask who should decide: national governments, the descendants of the original owners or the communities the objects came from.',
      ],
    },
  },
});
