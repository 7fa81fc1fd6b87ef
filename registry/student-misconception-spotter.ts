import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'student-misconception-spotter',
  title: 'Student Misconception Spotter',
  description:
    'For Teachers: See the misconceptions students most often bring to a topic, with why they arise and how to address them.',
  icon: 'psychology_alt',
  role: 'teacher',
  category: 'Teaching',
  subjects: ['maths', 'science', 'biology', 'physics', 'chemistry', 'any subject'],
  keywords: [
    'misconceptions', 'mistakes', 'errors', 'common mistakes', 'lesson planning', 'teaching', 'assessment',
    'diagnostic', 'prior knowledge', 'address', 'reteach',
  ],
  fields: [
    {
      name: 'topic',
      kind: 'text',
      label: 'Topic',
      personal: 'text',
      placeholder: 'e.g. Comparing fractions (Year 5 maths)',
      required: true,
    },
  ],
  prompt: `You are an experienced teacher and subject specialist who knows the research on how students learn this topic.

List the most common misconceptions students have about the topic below, most common first. If the topic names a year group or level, pick misconceptions typical at that level.

Write each as two to four sentences that:
1. states the misconception as a student would hold it, with a concrete example of the wrong thinking or answer;
2. explains briefly why students come to believe it;
3. gives one quick diagnostic question or activity a teacher can use to spot it and one way to correct it.

Only include genuine, well-documented misconceptions, state the correct idea accurately, and avoid jargon a busy teacher would need to look up.

The topic:
{{topic}}`,
  result: z.array(z.string().min(1)).min(3).max(5).describe('Common misconceptions'),
  actionLabel: 'Spot Misconceptions',
  example: {
    input: { topic: 'Comparing fractions (Year 5 maths)' },
    output: [
      'A bigger denominator means a bigger fraction, so 1/8 is larger than 1/4. Students carry over whole-number thinking, where 8 is more than 4. Ask "Would you rather have 1/4 or 1/8 of the same pizza?" and let them fold equal paper strips into quarters and eighths to see that more pieces make each piece smaller.',
      'Fractions can be compared by looking only at the gap between numerator and denominator, so 2/3 and 4/5 are "the same" because each is one part away from a whole. It feels logical because both are "one off". Ask students to place 2/3 and 4/5 on a number line from 0 to 1; the missing pieces (1/3 and 1/5) are different sizes, which shows 4/5 is larger.',
      'Students compare the numerators and the denominators separately, so they say 5/8 is bigger than 3/4 "because 5 is more than 3 and 8 is more than 4". They treat a fraction as two separate whole numbers rather than as one amount. Ask them to say what 3/4 of a chocolate bar looks like, then model renaming to a common denominator (6/8 and 5/8) so that only the numerators need comparing.',
      'Fractions of different wholes can be compared directly, so half of a small pizza equals half of a large pizza. Everyday language ("I had half") hides the size of the whole. Show two visibly different rectangles each with half shaded and ask which shaded part is bigger, then stress that comparing fractions only works when the wholes are the same size.',
    ],
  },
});
