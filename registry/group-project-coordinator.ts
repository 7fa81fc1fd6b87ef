import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'group-project-coordinator',
  title: 'Group Project Coordinator',
  description:
    'Compare your group members’ contributions with the project brief to spot tone clashes, duplicated work and gaps.',
  icon: 'group_work',
  category: 'Study planning',
  subjects: ['geography', 'science', 'business', 'humanities'],
  keywords: [
    'group project', 'group work', 'team', 'teamwork', 'collaboration', 'members', 'contributions', 'project',
    'coursework', 'feedback', 'deadline', 'who does what', 'report',
  ],
  fields: [
    {
      name: 'requirements',
      kind: 'textarea',
      label: 'Project requirements',
      personal: 'text',
      placeholder: 'Paste the assignment brief or list what the final project must include...',
      required: true,
    },
    {
      name: 'member1',
      kind: 'textarea',
      label: 'Member 1’s contribution',
      personal: 'text',
      placeholder: 'Paste member 1’s draft section, notes or plan...',
      required: true,
    },
    {
      name: 'member2',
      kind: 'textarea',
      label: 'Member 2’s contribution',
      personal: 'text',
      placeholder: 'Optional: paste member 2’s part...',
    },
    {
      name: 'member3',
      kind: 'textarea',
      label: 'Member 3’s contribution',
      personal: 'text',
      placeholder: 'Optional: paste member 3’s part...',
    },
    {
      name: 'handIn',
      kind: 'date',
      label: 'Hand-in date',
      help: 'Optional: add it for a dated to-do list that goes into your calendars.',
    },
  ],
  prompt: `You are an experienced project tutor reviewing a student group's work in progress so they can merge it into one coherent project.

Compare the members' contributions below with the project requirements and write a short report on each of the following, each one paragraph of 60 to 150 words in plain, constructive language addressed to the group ("you"):
- Tone and style: how consistent the contributions are in tone, register, voice and formatting, quoting or naming specific differences (for example one part informal, another academic), and how to make them read as one piece.
- Overlaps and repetition: where members cover the same ground or repeat content, naming who and what, and which version to keep or how to divide it. If there is no overlap, say so.
- What is still missing: which requirements are not yet covered by anyone, or only partly, listed in order of importance, with a suggestion of who could take each one on.

Refer to members as "Member 1", "Member 2" and "Member 3". Judge the work, never the people; be specific and fair. Base everything on the text given; if only one member's work is provided, analyse it against the requirements alone.

Project requirements:
{{requirements}}

Member 1:
{{member1}}
{{#member2}}
Member 2:
{{member2}}
{{/member2}}{{#member3}}
Member 3:
{{member3}}
{{/member3}}{{#handIn}}
Today is {{today}} and the project is due on {{handIn}} (both YYYY-MM-DD). Also give the group its next steps: three to eight concrete tasks that close the gaps and merge the work into one piece, in date order, each with who does it ("Member 1", "Member 2", "Member 3" or "Everyone") and a due date written YYYY-MM-DD between today and the hand-in date, leaving time to proofread; the last task is handing in the project on {{handIn}}. If the hand-in date is not after today, leave the next steps out.
{{/handIn}}`,
  result: z.object({
    toneAnalysis: z.string().min(1).describe('Tone and style'),
    redundancyReport: z.string().min(1).describe('Overlaps and repetition'),
    gapAnalysis: z.string().min(1).describe('What is still missing'),
    // Only with a hand-in date: dated tasks, which go into a calendar as whole-day events (src/features/export/datedTasks.ts).
    nextSteps: z
      .array(
        z.object({
          task: z.string().min(1).describe('Task'),
          who: z.string().describe('Who'),
          due: z.string().describe('Due'),
        }),
      )
      .optional()
      .describe('Next steps'),
  }),
  actionLabel: 'Review Our Work',
  example: {
    input: {
      requirements:
        'Geography group report (1,500 words): plastic pollution in the oceans. Must include: 1) sources of ocean plastic, 2) effects on marine life, 3) a local case study, 4) at least three solutions with an evaluation of each, 5) a reference list in APA.',
      member1:
        'Introduction and sources. Around 8 million tonnes of plastic enter the oceans every year. Most of it comes from land, through rivers and poor waste management, while fishing gear like abandoned nets makes up a large share of the Great Pacific Garbage Patch. Microplastics also come from synthetic clothing and tyre wear.',
      member2:
        'so basically plastic is really bad for sea animals!! turtles eat plastic bags cos they think theyre jellyfish and seabirds feed bits of plastic to their chicks. also about 8 million tonnes go in the sea every year which is crazy. fishing nets trap seals and dolphins (ghost nets).',
      member3:
        'Solutions. 1. Banning single-use plastic bags has cut bag litter on UK beaches. 2. Deposit return schemes for bottles. 3. Beach clean-ups.',
      handIn: '2026-12-11',
    },
    output: {
      toneAnalysis:
        'Member 1 writes in a clear, formal report style with precise figures, which fits a geography report. Member 2’s section is in chatty, informal language ("so basically", "which is crazy", exclamation marks and missing apostrophes), so it will stand out when the parts are joined. Member 3 uses a numbered list rather than paragraphs. To read as one report, agree on formal third-person prose in full paragraphs, rewrite Member 2’s points in that style (the content itself is good), and turn Member 3’s list into a paragraph per solution.',
      redundancyReport:
        'The figure of about 8 million tonnes of plastic entering the oceans each year appears in both Member 1’s and Member 2’s sections; keep it once, in Member 1’s introduction. Ghost nets are also covered twice: Member 1 mentions them as a source and Member 2 as a threat to seals and dolphins. That can work if Member 1 keeps the "source" angle and Member 2 the "effects" angle, with a brief cross-reference instead of repetition.',
      gapAnalysis:
        'Three requirements are still open. Most important, there is no local case study yet (requirement 3); Member 2 or Member 3 could research a nearby beach or river. Next, the solutions section lists three ideas but does not evaluate them (requirement 4): Member 3 should add the strengths, weaknesses and evidence for each. Finally, no one has started the APA reference list (requirement 5), and none of the statistics is sourced yet; Member 1 could collect the sources everyone used.',
      nextSteps: [
        { task: 'Agree on formal third-person prose and one heading style for the whole report', who: 'Everyone', due: '2026-11-30' },
        { task: 'Rewrite the effects on marine life in the agreed, formal style', who: 'Member 2', due: '2026-12-02' },
        { task: 'Research and write the local case study (requirement 3)', who: 'Member 2', due: '2026-12-04' },
        { task: 'Evaluate each solution: strengths, weaknesses and evidence (requirement 4)', who: 'Member 3', due: '2026-12-04' },
        { task: 'Collect everyone’s sources into an APA reference list (requirement 5)', who: 'Member 1', due: '2026-12-07' },
        { task: 'Merge the sections, proofread and check the word count', who: 'Everyone', due: '2026-12-09' },
        { task: 'Hand in the report', who: 'Member 1', due: '2026-12-11' },
      ],
    },
  },
});
