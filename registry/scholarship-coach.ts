import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'scholarship-coach',
  title: 'Scholarship Coach',
  description: 'Get honest feedback on your scholarship essay against the prompt, and a stronger draft built from your own story.',
  icon: 'school',
  category: 'Career and future',
  subjects: ['careers', 'english'],
  keywords: [
    'scholarship', 'essay', 'application', 'personal statement', 'college application', 'university application',
    'feedback', 'draft', 'funding', 'admissions',
  ],
  fields: [
    {
      name: 'essayPrompt',
      kind: 'textarea',
      label: 'Essay prompt',
      personal: 'text',
      placeholder: 'e.g. Describe a challenge you have faced and how it shaped your goals. (500 words maximum)',
      required: true,
      help: 'Include the word limit if there is one.',
    },
    {
      name: 'draft',
      kind: 'textarea',
      label: 'Your draft or key points',
      personal: 'text',
      placeholder: 'Paste your draft, or list the experiences, achievements and goals you want to write about...',
      required: true,
    },
  ],
  prompt: `You are an experienced scholarship and admissions adviser helping a secondary-school or university student write a scholarship essay. Be encouraging but honest, like a good teacher.

Read the essay prompt and the student's draft or key points below, then reply in Markdown with exactly these sections:
## What's working
Two or three specific strengths, quoting or naming the parts of the draft that work.
## What to strengthen
Three to five numbered points, most important first. Each says what to change and why, measured against what the prompt asks (answering the whole question, a clear story, specific detail, reflection on growth, a link to future goals, a strong opening and ending).
## Stronger draft
A revised essay in the student's own voice that answers the prompt. Stay within the word limit in the prompt if there is one (otherwise about 350 to 500 words). If the student gave only key points, write a first full draft from them.
## Before you submit
Three short checklist bullets (for example word count, reading it aloud, asking a teacher to read it).

Honesty rules: use only experiences, achievements, names and numbers the student gave. Never invent them. Where a specific detail would make the essay stronger, put a clear placeholder in square brackets, e.g. [how many hours a week you worked], for the student to fill in. Keep the tone sincere rather than grand, and avoid clichés such as "ever since I was young". Remind the student in one sentence at the end that the final essay must be their own work and must follow the scholarship's rules on outside help.

Essay prompt:
{{essayPrompt}}

The student's draft or key points:
{{draft}}`,
  result: 'markdown',
  actionLabel: 'Coach My Essay',
  example: {
    input: {
      essayPrompt:
        'Describe a challenge you have faced and how it has shaped your goals for the future. (400 words maximum)',
      draft:
        "When I was 14 my dad got sick and couldn't work for a year. My mum worked extra shifts so I looked after my two younger brothers after school, made dinner and helped them with homework. My grades dropped at first, especially in maths. I started doing homework with my brothers at the kitchen table and it helped all of us. My grades came back up and I got an A in GCSE maths. Being around the hospital a lot made me want to become a nurse. I want to study nursing at university and this scholarship would help because my family can't afford much.",
    },
    output: `## What's working
- Your story is real and specific: looking after two younger brothers while your dad was ill is exactly the kind of challenge this prompt is asking for.
- You show change over time, from grades dropping to earning an A in GCSE maths, which proves resilience instead of just claiming it.
- The kitchen-table routine is a memorable detail that shows how you solved the problem, not just that it happened.

## What to strengthen
1. **Answer the second half of the prompt.** The link to nursing is one sentence. Show what you saw at the hospital that made you choose nursing.
2. **Open with a moment, not a summary.** Start in a scene, such as an evening at the kitchen table, to draw the reader in.
3. **Reflect on what you learned.** Say what the year taught you about responsibility, patience or caring for others, since these are nursing qualities.
4. **End with your future, not with money.** Mention financial need briefly and finish on what you will do with the scholarship.

## Stronger draft
Every evening that year, the kitchen table became our classroom. My two younger brothers sat with their homework, I opened my maths book, and the dinner I had made cooked on the stove behind us.

That routine began when I was fourteen. My dad became ill and could not work for a year, so my mum took on extra shifts. After school, I looked after my brothers: I made dinner, checked their homework and got them to bed. At first my own work suffered, and my maths grades dropped. Then I realised that if we all sat down together, I could help them and keep up myself. The table turned into a study space for all three of us, and I went on to earn an A in GCSE maths.

That year I also spent a lot of time at the hospital. I noticed [a moment with a nurse who cared for your dad, and what they did]. I saw that nursing is not only medical skill but the ability to stay calm, explain things clearly and care for a whole family. Those were the same things I had been learning at home.

Caring for my brothers taught me that responsibility is something you practise every day, not something you feel once. It also showed me what I want to do with my life. I plan to study nursing at university and, in the future, [the kind of nursing you hope to do, e.g. children's nursing].

My family has had little to spare since my dad's illness, and this scholarship would let me focus on my training rather than on how to pay for it. I would bring to my course the same habits that got us through that year: patience, organisation and a kitchen-table belief that people do better when someone sits down beside them.

## Before you submit
- Fill in both bracketed details with your own memories, then check the word count is under 400.
- Read the essay aloud to catch any sentence that does not sound like you.
- Ask a teacher or family member to read it and tell you what they remember most.

Remember that the final essay must be your own work and must follow the scholarship's rules on outside help.`,
  },
});
