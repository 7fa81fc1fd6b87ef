import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'rubric-builder',
  title: 'Rubric Builder',
  description: 'For Teachers: Build a clear grading rubric from an assignment type and your learning objectives.',
  icon: 'rule',
  role: 'teacher',
  category: 'Teaching',
  subjects: ['any subject', 'english', 'science'],
  keywords: [
    'rubric', 'marking', 'grading', 'assessment', 'mark scheme', 'criteria', 'success criteria', 'learning objectives',
    'feedback', 'levels', 'essay', 'lab report',
  ],
  fields: [
    {
      name: 'assignmentType',
      kind: 'text',
      label: 'Assignment type',
      personal: 'text',
      placeholder: 'e.g. Persuasive Essay, Lab Report, Group Presentation',
      required: true,
      default: 'Persuasive Essay',
    },
    {
      name: 'objectives',
      kind: 'textarea',
      label: 'Learning objectives',
      personal: 'text',
      placeholder: 'One per line, e.g. "Supports claims with relevant evidence"',
      required: true,
    },
  ],
  prompt: `You are an experienced teacher and assessment designer writing a rubric that a colleague could use tomorrow.

Build a grading rubric for the assignment type and learning objectives below.
- Write it as one Markdown table. The first column is "Criterion"; the next four columns are the performance levels "Excellent (4)", "Proficient (3)", "Developing (2)" and "Beginning (1)".
- Make one row per learning objective (four to six rows; merge or split objectives if needed), with a short criterion name.
- Each cell describes observable work in one or two sentences, in language students can understand. Levels must differ in quality, not just in adjectives like "good" and "very good".
- After the table, add a line "Total: /N" with the maximum score, and two sentences of advice on using the rubric for feedback.

Assignment type:
{{assignmentType}}

Learning objectives:
{{objectives}}`,
  result: 'markdown',
  example: {
    input: {
      assignmentType: 'Persuasive Essay',
      objectives:
        'States a clear, arguable claim\nSupports the claim with relevant evidence\nAddresses a counter-argument\nOrganises ideas logically with transitions\nUses accurate grammar and a formal tone',
    },
    output: `| Criterion | Excellent (4) | Proficient (3) | Developing (2) | Beginning (1) |
|---|---|---|---|---|
| Claim | States a precise, arguable claim in the introduction that guides the whole essay. | States a clear claim that is arguable but broad. | Claim is present but vague or partly factual. | No clear claim, or the claim is a statement of fact. |
| Evidence | Every reason is backed by specific, relevant evidence that is explained. | Most reasons have relevant evidence; some explanation is thin. | Evidence is general or only loosely connected to the claim. | Little or no evidence; relies on opinion. |
| Counter-argument | Presents a strong opposing view fairly and rebuts it convincingly. | Presents an opposing view and responds to it. | Mentions an opposing view without a real response. | Does not acknowledge other views. |
| Organisation | Logical order with purposeful paragraphs and smooth transitions throughout. | Clear order; transitions are mostly effective. | Some paragraphs are out of order or lack transitions. | Ideas are hard to follow. |
| Language | Formal, precise tone with almost no errors. | Mostly formal with minor errors that do not block meaning. | Inconsistent tone; errors sometimes distract. | Frequent errors make the essay hard to read. |

Total: /20

Share the rubric with students before they start drafting, and ask them to self-assess against it before submitting. When marking, highlight the phrase in each row that matches the work so feedback points to the next level.`,
  },
});
