import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'analogy-generator',
  title: 'Analogy Generator',
  description: 'Understand a tricky concept through an analogy from a world you already know, such as sport, cooking or games.',
  icon: 'compare_arrows',
  category: 'Notes and summaries',
  subjects: ['physics', 'biology', 'science', 'economics'],
  keywords: ['analogy', 'explain', 'understand', 'simple explanation', 'metaphor', 'compare', 'example', 'eli5', 'confusing', 'tricky'],
  fields: [
    {
      name: 'concept',
      kind: 'text',
      label: 'Concept',
      placeholder: 'e.g. How vaccines work, supply and demand, electric current',
      required: true,
    },
    {
      name: 'field',
      kind: 'text',
      label: 'Take the analogy from',
      placeholder: 'e.g. football, cooking, video games, music',
      required: true,
      default: 'everyday life',
    },
  ],
  prompt: `You are a creative tutor who explains difficult ideas to secondary-school and university students through analogies.

Explain the concept below with one extended analogy taken from the field the student chose. Write in Markdown with exactly these sections:
## The analogy
One or two short paragraphs telling the analogy as a little scene from the chosen field, then one sentence linking it back to the concept.
## How it maps
A Markdown table with the columns "In the concept" and "In the analogy", with three to five rows pairing each key part or step of the concept with its match in the analogy.
## Where it breaks down
One to three bullet points on where the analogy stops being accurate, so the student does not take it too far.
## Check yourself
One question the student can answer using the analogy, followed by the answer in italics.

Rules:
- The science, history or theory must stay accurate; do not bend the concept to fit the analogy.
- Use details from the chosen field that a student would recognise. If the field is hard to connect to the concept, still use it, and keep the mapping honest.
- Keep it suitable for a classroom.

The concept:
{{concept}}

The field for the analogy:
{{field}}`,
  result: 'markdown',
  actionLabel: 'Create Analogy',
  example: {
    input: { concept: 'How a vaccine trains the immune system', field: 'football' },
    output: `## The analogy
Before a big match, a football team studies video footage of the opposing team's star striker. The defenders learn how he moves, which foot he shoots with and where he likes to run. The footage cannot score any goals, but when the real match comes, the defenders recognise the striker straight away and shut him down before he can do any damage.

A vaccine works the same way: it shows your immune system a harmless "recording" of a pathogen, so that when the real pathogen arrives your body recognises it and stops it quickly.

## How it maps
| In the concept | In the analogy |
|---|---|
| The pathogen (a virus or bacterium) | The opposing team's star striker |
| The vaccine: a weakened, inactivated or partial form of the pathogen, or instructions to make one of its proteins | Video footage of the striker, which cannot score |
| Antigens, the markers the immune system learns to recognise | The striker's shirt number and style of play |
| White blood cells making antibodies and memory cells | Defenders studying the footage and remembering the plan |
| A fast, strong immune response to a real infection | The defence stopping the striker early in the real match |

## Where it breaks down
- Defenders choose to study footage; the immune system learns automatically, without any decision.
- A vaccine can cause mild side effects such as a sore arm, because the body is really responding, while watching footage costs nothing.
- Defenders remember a striker for the whole season, but immune memory against some pathogens fades over the years, which is why some vaccines need boosters.

## Check yourself
Why does a vaccinated person usually get less ill than an unvaccinated person when they meet the real pathogen?
*Because their memory cells recognise the pathogen's antigens straight away, so antibodies are made faster and in larger numbers, stopping the infection before it spreads, just as the prepared defenders stop the striker early.*`,
  },
});
