import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'learning-converter',
  title: 'Learning Converter',
  description: 'Learn a concept in the way that suits you: as pictures to draw, something to say aloud, notes to write or an activity to do.',
  icon: 'swap_horiz',
  category: 'Notes and summaries',
  subjects: ['science', 'biology', 'physics', 'economics', 'history'],
  keywords: [
    'learning style', 'visual', 'auditory', 'kinesthetic', 'hands-on', 'diagram', 'draw', 'activity', 'understand',
    'explain', 'study methods', 'memorable',
  ],
  fields: [
    {
      name: 'concept',
      kind: 'text',
      label: 'Concept',
      placeholder: "e.g. Newton's third law, the causes of inflation, the structure of DNA",
      required: true,
    },
    {
      name: 'learningStyle',
      kind: 'select',
      label: 'Learning style',
      options: ['Visual', 'Auditory', 'Reading/Writing', 'Kinesthetic'],
      default: 'Visual',
    },
  ],
  prompt: `You are a tutor who teaches each idea in the format a student learns best from. The student is at secondary school or university and prefers the {{learningStyle}} style.

Teach the concept below in that style. Write in Markdown:
1. A heading "## " with the concept's name, followed by a two-sentence plain explanation of the concept that any student could read.
2. The main section, "## Learn it your way", built for the {{learningStyle}} style:
   - Visual: step-by-step instructions for a diagram, flowchart or sketch the student can draw (what to draw, where, which arrows and labels, a colour code), plus one table or chart laid out in Markdown.
   - Auditory: a short script to read aloud or record (about 150 words, conversational), a rhythm, chant or repeated phrase to remember the key point, and one thing to explain aloud to a friend.
   - Reading/Writing: structured notes with headings and bullet points, the key terms with definitions, and a short writing task such as a summary in their own words.
   - Kinesthetic: one or two hands-on activities or experiments with everyday objects (numbered steps, what to notice), plus a movement or gesture that matches the idea.
3. "## Check your understanding": two questions the student can answer after the activity, with short answers in italics.
4. A final line starting "Try another way:" suggesting one activity from a different style, because mixing formats helps everyone remember.

Rules:
- The content must stay accurate for the subject; the style changes the presentation, not the facts.
- Any activity must be safe to do at home or in class with everyday objects.

The concept:
{{concept}}`,
  result: 'markdown',
  actionLabel: 'Convert',
  example: {
    input: { concept: "Newton's third law of motion", learningStyle: 'Visual' },
    output: `## Newton's third law of motion
When one object pushes or pulls on another, the second object pushes or pulls back on the first with a force of the same size in the opposite direction. These two forces act on different objects, which is why they do not cancel each other out.

## Learn it your way
**Draw the "force pair" diagram**
1. Draw a person on roller skates on the left and a wall on the right, with the person's hands touching the wall.
2. Draw a **red arrow** starting at the hands and pointing right, into the wall. Label it "Force of person on wall: 50 N".
3. Draw a **blue arrow** of exactly the same length starting at the hands and pointing left, back towards the person. Label it "Force of wall on person: 50 N".
4. Draw a small dashed arrow behind the skates pointing left, labelled "Person rolls backwards".
5. Underneath, write the rule in a box: **same size, opposite direction, different objects**.

Colour code: red for forces on the second object, blue for forces back on the first. Every force pair you draw should have one red and one blue arrow of equal length.

**Force pairs at a glance**
| Action | Force A on B | Force B on A |
|---|---|---|
| Swimming | Hands push water backwards | Water pushes swimmer forwards |
| Rocket launch | Rocket pushes exhaust gases down | Gases push rocket up |
| Walking | Foot pushes ground backwards | Ground pushes foot forwards |
| Jumping off a boat | You push the boat backwards | The boat pushes you forwards |

## Check your understanding
1. If both forces in a pair are equal, why does the person on skates move but the wall does not?
*The forces act on different objects. The wall is fixed to the building, while the person on skates has little friction holding them, so the force on them makes them accelerate.*
2. A book rests on a table. What is the force pair to the book's weight (Earth pulling the book down)?
*The book pulling the Earth up with an equal force. The table pushing up on the book is a different force, not the third-law partner.*

Try another way: press your palm down hard on a table and notice the pressure on your skin; that is the table pushing back on you with the same force.`,
  },
});
