import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'critical-thinking-booster',
  title: 'Critical Thinking Booster',
  description: 'Test your argument before someone else does: get three or four probing questions about its assumptions, evidence and limits.',
  icon: 'psychology',
  category: 'Thinking and discussion',
  subjects: ['philosophy', 'english', 'history', 'politics'],
  keywords: [
    'argument', 'thesis', 'critical thinking', 'assumptions', 'evidence', 'questions', 'challenge', 'counterargument',
    'essay', 'debate', 'reasoning', 'evaluate', 'weaknesses',
  ],
  fields: [
    {
      name: 'argument',
      kind: 'textarea',
      label: 'Your argument or thesis',
      placeholder: 'e.g. Homework should be abolished because it causes stress and does not improve learning.',
      required: true,
    },
  ],
  prompt: `You are a Socratic tutor helping a secondary-school or university student strengthen their own reasoning. Your job is to ask, not to answer.

Read the argument or thesis below and write in Markdown:
1. A first line "Your claim:" followed by the core claim restated neutrally in one sentence, then one sentence naming the main reasons the student gives.
2. A heading "## Questions to think about", followed by a numbered list of 3 to 4 probing questions (never fewer than 3 or more than 4). Each question is in bold and is followed on the next line by "*Why it matters:*" and one or two sentences on what weakness, assumption or gap it targets. Cover different angles, for example:
   - a hidden assumption the argument depends on;
   - the quality or relevance of the evidence;
   - the strongest counter-argument or an alternative explanation;
   - scope, definitions or consequences (who, when, how much, what if).
3. A heading "## Next step" with one sentence suggesting how the student could use the questions to revise the argument.

Rules:
- Make every question specific to this argument, quoting or naming its actual words and examples; avoid generic questions such as "What is your evidence?".
- Do not answer the questions, rewrite the argument or tell the student whether their opinion is right. Test the reasoning, not the person.
- Keep the tone respectful and encouraging, suitable for a classroom.

The argument:
{{argument}}`,
  result: 'markdown',
  example: {
    input: {
      argument:
        'Homework should be abolished in secondary schools because it causes stress and does not improve learning. Students already spend about seven hours a day in school, and countries like Finland give very little homework yet still get top results.',
    },
    output: `Your claim: secondary schools should stop setting homework altogether.
You support this with three reasons: homework causes stress, it does not improve learning, and Finland gets strong results with little homework.

## Questions to think about
1. **Is it homework itself that causes stress, or the amount, timing and type of homework?**
   *Why it matters:* If a smaller amount of well-designed homework caused little stress, your evidence would support reducing homework rather than abolishing it, which is a different claim.
2. **What does "does not improve learning" mean, and for which students and subjects?**
   *Why it matters:* Research on homework often finds different effects for younger and older students and for practice tasks versus busywork. A sweeping claim is easier to challenge than a precise one.
3. **Could Finland's results be explained by other differences, such as teacher training, class sizes or later school starting age?**
   *Why it matters:* Comparing two countries shows a correlation, not a cause. Without ruling out other factors, the Finland example cannot show that low homework leads to high results.
4. **If homework disappeared, how would students get the practice and independent study habits that homework aims to build?**
   *Why it matters:* The strongest counter-argument is about what would be lost. Answering it, for example with more practice time in lessons, would make your position much harder to dismiss.

## Next step
Pick the question you find hardest to answer, and add a paragraph to your argument that responds to it directly, with evidence.`,
  },
});
