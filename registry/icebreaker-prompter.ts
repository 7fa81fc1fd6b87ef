import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'icebreaker-prompter',
  title: 'Icebreaker Prompter',
  description: 'For Teachers: Get three or four quick, age-appropriate icebreakers that lead straight into your class topic.',
  icon: 'groups',
  role: 'teacher',
  category: 'Teaching',
  subjects: ['any subject', 'pshe'],
  keywords: [
    'icebreaker', 'starter', 'warm-up', 'lesson starter', 'do now', 'hook', 'engagement', 'class activity', 'first day',
    'get to know', 'team building', 'lesson plan',
  ],
  fields: [
    {
      name: 'topic',
      kind: 'text',
      label: 'Class topic',
      personal: 'text',
      placeholder: 'e.g. Introduction to the Solar System',
      required: true,
    },
    {
      name: 'ageGroup',
      kind: 'select',
      label: 'Age group',
      options: ['5-7', '8-11', '12-15', '16-18', 'University'],
      default: '12-15',
    },
  ],
  prompt: `You are an experienced teacher who opens lessons with short, inclusive activities that get everyone talking.

Suggest 3 to 4 icebreakers for a class of students aged {{ageGroup}} (for "University", adult university students) that lead into the topic below. Make them varied: for example one movement-based, one in pairs, one whole-class, one quick-write or drawing.

Write in Markdown: one opening sentence, then for each icebreaker:
- a level-2 heading with a number and a catchy name;
- a line with **Time:** (2 to 10 minutes), **Grouping:** and **You need:** (materials, or "Nothing");
- **How it works:** two to four numbered steps the teacher can read out;
- **Link to the topic:** one sentence on how it leads into the lesson.

Every activity must be safe, inclusive and suitable for the age group: no physical contact, no sharing of personal or sensitive information, nothing that embarrasses a shy student, and an easy option for anyone who would rather not speak aloud. Keep the subject content accurate.

The class topic:
{{topic}}`,
  result: 'markdown',
  actionLabel: 'Get Icebreakers',
  example: {
    input: { topic: 'Introduction to the Solar System', ageGroup: '12-15' },
    output: `Here are four quick ways to get your class talking about the Solar System before the lesson starts.

## 1. Human Solar System
**Time:** 8 minutes · **Grouping:** whole class · **You need:** cards with the names of the Sun and the eight planets

**How it works:**
1. Give nine volunteers a card each; everyone else is "mission control".
2. Ask the volunteers to line up in order from the Sun, with mission control calling out corrections.
3. Reveal the right order and ask: which planet surprised you most?

**Link to the topic:** it shows the order of the planets and leads into why the inner and outer planets are so different.

## 2. Would You Rather… in Space
**Time:** 5 minutes · **Grouping:** pairs · **You need:** Nothing

**How it works:**
1. Read out: "Would you rather spend a day on Venus or a year on Mercury?"
2. Partners pick one and agree on a reason, then a few pairs share.
3. Reveal the twist: Venus spins so slowly that one turn on its axis (243 Earth days) takes longer than a whole orbit of the Sun (225 Earth days), while a year on Mercury lasts only 88 Earth days.

**Link to the topic:** it opens a discussion of rotation and orbit, the two motions the lesson explains.

## 3. True or Fake?
**Time:** 5 minutes · **Grouping:** whole class · **You need:** three statements on the board

**How it works:**
1. Show three statements: "The Sun is a star", "Jupiter is made mostly of rock", "Saturn would float in a big enough bath".
2. Students show thumbs up for true and thumbs down for fake.
3. Reveal the answers (true, fake, and true in theory, because Saturn is less dense than water).

**Link to the topic:** it introduces the difference between rocky planets and gas giants.

## 4. Postcard From a Planet
**Time:** 7 minutes · **Grouping:** individual, then pairs · **You need:** sticky notes

**How it works:**
1. Students pick any planet and write a two-line "postcard" describing what they imagine it is like there.
2. Pairs swap postcards and guess the planet.
3. Keep the postcards to check against the facts at the end of the lesson.

**Link to the topic:** it surfaces what students already believe about each planet, so you can correct misconceptions as you teach.`,
  },
});
