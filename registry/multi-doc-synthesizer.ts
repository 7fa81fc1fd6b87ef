import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'multi-doc-synthesizer',
  title: 'The Synthesizer',
  description: 'Paste up to three sources and get one combined summary, the links between them and where they disagree.',
  icon: 'merge_type',
  category: 'Research and sources',
  subjects: ['history', 'english', 'social sciences', 'humanities', 'research skills'],
  keywords: [
    'sources', 'compare sources', 'synthesis', 'synthesise', 'synthesize', 'literature review', 'research', 'articles',
    'combine', 'summary', 'disagreements', 'essay', 'coursework',
  ],
  fields: [
    {
      name: 'source1',
      kind: 'textarea',
      label: 'Source 1',
      placeholder: 'Paste an article, abstract, chapter extract or your notes on one source...',
    },
    {
      name: 'source2',
      kind: 'textarea',
      label: 'Source 2',
      placeholder: 'Paste a second source (optional)...',
    },
    {
      name: 'source3',
      kind: 'textarea',
      label: 'Source 3',
      placeholder: 'Paste a third source (optional)...',
    },
  ],
  rules: [{ kind: 'atLeastOne', fields: ['source1', 'source2', 'source3'], message: 'Paste at least one source to synthesise.' }],
  prompt: `You are a research tutor helping a student combine their reading into one picture for an essay or literature review.

Synthesise the sources below (some may be blank; ignore those). Refer to them as "Source 1", "Source 2" and "Source 3".
- A combined summary: one paragraph of 120 to 200 words that weaves the sources' main claims and evidence together by theme, not source by source, and says which source supports each point.
- Where the sources connect: each one sentence naming a point where the sources agree, build on each other or use related evidence, with the sources involved in brackets, e.g. "(Sources 1 and 3)". With only one source, list the main ideas it connects together instead.
- Where they contradict each other: each one sentence naming a real disagreement or tension between sources (different figures, conclusions or interpretations), with the sources in brackets. If the sources do not contradict each other, give none; do not invent disagreements.

Use only what the sources say. Do not add outside facts, statistics or authors, and do not judge which source is right unless one clearly gives stronger evidence, in which case say why.

{{#source1}}Source 1:
{{source1}}

{{/source1}}{{#source2}}Source 2:
{{source2}}

{{/source2}}{{#source3}}Source 3:
{{source3}}
{{/source3}}`,
  result: z.object({
    unifiedSummary: z.string().min(1).describe('Combined summary'),
    connections: z.array(z.string().min(1)).min(1).max(6).describe('Connections'),
    contradictions: z.array(z.string().min(1)).min(0).max(6).describe('Contradictions'),
  }),
  example: {
    input: {
      source1:
        'A 2019 survey of 1,200 UK secondary pupils found that those who used their phones for more than three hours a day reported lower sleep quality and more difficulty concentrating in morning lessons. The authors argue that late-night social media use is the main driver, since heavy users checked notifications after 11 pm on most school nights.',
      source2:
        'A 2021 review of 40 studies concluded that the link between screen time and adolescent wellbeing is real but small, comparable in size to the effect of eating potatoes regularly. The reviewers warn that most studies rely on self-reported screen time, which is often inaccurate, and that what teenagers do on screens matters more than total hours.',
      source3:
        'Sleep researchers recommend that teenagers get 8 to 10 hours of sleep a night. Blue light from screens can delay the release of melatonin, the hormone that signals sleep, by up to an hour, and using a phone in bed is associated with going to sleep later.',
    },
    output: {
      unifiedSummary:
        'Together the sources suggest that heavy phone use can harm teenagers, mainly through its effect on sleep, but that the overall effect on wellbeing is smaller than headlines imply. Source 1 links more than three hours of daily use to poorer sleep and concentration, pointing to late-night social media as the cause. Source 3 offers a mechanism: blue light can delay melatonin by up to an hour, and phones in bed push bedtimes later, cutting into the 8 to 10 hours teenagers need. Source 2, a review of 40 studies, accepts that a link exists but finds it small and cautions that self-reported screen time is unreliable and that the type of activity matters more than total hours. The strongest shared conclusion is about timing: phone use late at night is more clearly harmful than screen time in general.',
      connections: [
        'Sources 1 and 3 both connect phone use to later, poorer sleep, and Source 3 explains the biological mechanism behind Source 1’s findings (Sources 1 and 3).',
        'Both Source 1 and Source 2 suggest that what and when teenagers use phones for matters more than total time on screens (Sources 1 and 2).',
        'Source 1’s finding about concentration in morning lessons fits Source 3’s point that teenagers need 8 to 10 hours of sleep (Sources 1 and 3).',
      ],
      contradictions: [
        'Source 1 presents heavy phone use as a clear problem, while Source 2 finds the overall effect on wellbeing to be small (Sources 1 and 2).',
        'Source 1 relies on pupils’ own reports of their phone use, the kind of evidence Source 2 warns is often inaccurate (Sources 1 and 2).',
      ],
    },
  },
});
