import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'doubt-bot',
  title: 'DoubtBot',
  description: 'Ask any study question and get a clear, short answer plus a trustworthy page to read next.',
  icon: 'chat',
  category: 'Research and sources',
  subjects: ['science', 'maths', 'history', 'geography', 'english'],
  keywords: ['question', 'ask', 'answer', 'homework', 'help', 'explain', 'why', 'stuck', 'doubt', 'quick answer', 'tutor', 'homework help'],
  fields: [
    {
      name: 'question',
      kind: 'text',
      label: 'Your question',
      placeholder: 'e.g. Why is the sky blue?',
      required: true,
    },
  ],
  prompt: `You are a friendly, knowledgeable tutor answering a secondary-school or university student's question.

Answer the question below:
- The answer: a clear, accurate explanation of 80 to 200 words. Start with the direct answer in the first sentence, then explain why or how, with one concrete example. Define any technical term you use. If the question is ambiguous, answer its most likely meaning and say in one sentence which meaning you chose. If the answer is genuinely uncertain or debated, say so rather than guessing.
- A link to read more: one URL to a well-known, stable page where the student can read more: an encyclopedia or a major educational site such as Wikipedia, Encyclopaedia Britannica, Khan Academy or BBC Bitesize. Prefer the main article on the topic (for example https://en.wikipedia.org/wiki/Photosynthesis) over a deep or recent page. Never invent or guess a URL: give only an address you are confident exists, and if you are unsure of a specific page, give the encyclopedia article for the broader topic instead. Return the bare URL starting with https://.

Keep the answer suitable for a classroom. Do not make up facts, figures or quotations.

The question:
{{question}}`,
  result: z.object({
    answer: z.string().min(1).describe('Answer'),
    readingLink: z
      .string()
      .refine((value) => /^https?:\/\/\S+$/.test(value.trim()), 'The reading link must be a web address.')
      .describe('Read more'),
  }),
  example: {
    input: { question: 'Why is the sky blue?' },
    output: {
      answer:
        'The sky is blue because air molecules scatter blue light from the Sun much more strongly than red light. Sunlight contains all the colours of the rainbow. As it passes through the atmosphere, it bumps into tiny nitrogen and oxygen molecules, which scatter short wavelengths (blue and violet) far more than long wavelengths (red and orange). This effect is called Rayleigh scattering. The scattered blue light reaches your eyes from every direction, so the whole sky looks blue. Violet is scattered even more, but the Sun gives out less violet light and our eyes are less sensitive to it. At sunset, light travels through much more air, so most of the blue is scattered away before it reaches you, leaving the reds and oranges.',
      readingLink: 'https://en.wikipedia.org/wiki/Rayleigh_scattering',
    },
  },
});
