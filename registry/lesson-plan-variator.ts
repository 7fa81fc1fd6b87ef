import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'lesson-plan-variator',
  title: 'Lesson Plan Variator',
  description:
    'For Teachers: Get three different 60-minute lesson plans for the same topic, each with a hook, direct instruction, group work and an exit ticket.',
  icon: 'dynamic_feed',
  role: 'teacher',
  category: 'Teaching',
  subjects: ['science', 'biology', 'english', 'maths', 'history', 'any subject'],
  keywords: [
    'lesson plan', 'lesson', 'planning', 'teaching', 'hook', 'exit ticket', 'group work', 'direct instruction',
    'differentiation', 'activities', 'scheme of work', 'cover lesson', 'observation',
  ],
  fields: [
    {
      name: 'topic',
      kind: 'text',
      label: 'Lesson topic',
      personal: 'text',
      placeholder: 'e.g. Photosynthesis (Year 8 science)',
      required: true,
      help: 'Add the year group or level in brackets if you like.',
    },
  ],
  prompt: `You are an experienced teacher and instructional coach writing lesson plans a colleague could teach tomorrow with ordinary classroom resources.

Write three distinct variants of a 60-minute lesson on the topic below. If the topic names a year group or level, pitch every activity at it; otherwise aim at lower secondary (ages 11 to 14) and say so.

Every variant uses the same structure and timings:
- Hook: 5 minutes
- Direct instruction: 15 minutes
- Group work: 25 minutes
- Exit ticket: 10 minutes
(The remaining 5 minutes are for settling in and transitions.)

The variants must differ in approach, for example one inquiry- or discovery-led, one game- or competition-based, one built around a real-world problem or case study.

Write each variant in Markdown:
- A level-3 heading naming its approach (for example "### Discovery lab").
- A line starting "Objective:" with the shared learning objective, the same in every variant, so each plan stands on its own when printed.
- One line saying which classes it suits best.
- A table with the columns "Phase", "Time" and "What happens", one row per phase with the time written as "5 min", "15 min", "25 min" and "10 min". In "What happens", say what the teacher and the students do, in two or three sentences, and name any resources.
- For the exit ticket, give the actual question or task.

The differentiation tips apply to all variants (support and stretch), written as plain sentences without Markdown.

Keep the content accurate and age-appropriate, and do not require special equipment without offering a simple alternative.

The topic:
{{topic}}`,
  // One tab per variant, shown formatted: a teacher compares them without scrolling past the others.
  result: z
    .object({
      variant1: z.string().min(1).describe('Variant 1'),
      variant2: z.string().min(1).describe('Variant 2'),
      variant3: z.string().min(1).describe('Variant 3'),
      differentiation: z.array(z.string().min(1)).min(2).max(3).describe('Differentiation (every variant)'),
    })
    .describe('Lesson plan variants'),
  renderer: 'tabs',
  rendererOptions: { format: 'markdown' },
  example: {
    input: { topic: 'Photosynthesis (Year 8 science)' },
    output: {
      variant1: `### Discovery lab
Objective: students can describe what plants need for photosynthesis, what it produces, and write the word equation.

Best for classes that enjoy practical work and can handle simple equipment.

| Phase | Time | What happens |
|---|---|---|
| Hook | 5 min | Show a sealed jar with a plant that has lived for years without watering. Students suggest in pairs how it survives. |
| Direct instruction | 15 min | Teacher explains the inputs (carbon dioxide, water, light) and outputs (glucose, oxygen), builds the word equation on the board and models how to read it. |
| Group work | 25 min | Groups place pondweed in water under a lamp at three distances and count oxygen bubbles per minute, then record the results in a table and describe the pattern. (No pondweed? Use a video of the experiment with the bubble counts paused on screen.) |
| Exit ticket | 10 min | "Write the word equation for photosynthesis and explain why the pondweed made fewer bubbles further from the lamp." |`,
      variant2: `### Photosynthesis relay
Objective: students can describe what plants need for photosynthesis, what it produces, and write the word equation.

Best for energetic classes and for revising key vocabulary.

| Phase | Time | What happens |
|---|---|---|
| Hook | 5 min | Quick quiz: "Where does most of a tree's mass come from: soil, water or air?" Students vote, and the answer (air, via carbon dioxide) is revealed at the end of instruction. |
| Direct instruction | 15 min | Teacher explains photosynthesis with a labelled leaf diagram, covering chloroplasts, chlorophyll, stomata and the word equation. |
| Group work | 25 min | Teams race to assemble the word equation and match cards (inputs, outputs, leaf parts and their jobs) on a wall chart. Each correct match earns a point; teams then write one question to challenge another team. |
| Exit ticket | 10 min | Three quick questions: name the gas taken in, the gas given out, and the part of the cell where photosynthesis happens. |`,
      variant3: `### Feeding the world
Objective: students can describe what plants need for photosynthesis, what it produces, and write the word equation.

Best for classes that respond to real-world problems and discussion.

| Phase | Time | What happens |
|---|---|---|
| Hook | 5 min | Show a photo of a commercial greenhouse lit at night. Ask: why would a farmer pay to light plants after dark? |
| Direct instruction | 15 min | Teacher explains photosynthesis and the factors that limit its rate: light, carbon dioxide and temperature. |
| Group work | 25 min | Each group acts as advisers to a tomato grower and writes three recommendations to increase the harvest, each justified using the factors from instruction. Groups share one recommendation each. |
| Exit ticket | 10 min | "The grower adds extra lamps but the crop does not grow faster. Suggest one reason why." |`,
      differentiation: [
        'Support: give a word bank (carbon dioxide, glucose, chlorophyll, stomata) and a half-completed word equation.',
        'Stretch: ask students to write the balanced symbol equation, 6CO₂ + 6H₂O → C₆H₁₂O₆ + 6O₂, and explain what "limiting factor" means.',
        'Pair confident readers with students who find the diagram labels difficult during group work.',
      ],
    },
  },
});
