import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'presentation-generator',
  title: 'Presentation Generator',
  description: 'Get a slide-by-slide outline for a presentation: a title and three to five talking points per slide.',
  icon: 'slideshow',
  category: 'Presentations',
  subjects: ['any subject', 'english', 'science', 'history'],
  keywords: [
    'presentation', 'slides', 'powerpoint', 'google slides', 'slideshow', 'outline', 'talk', 'speech', 'talking points',
    'class presentation', 'project',
  ],
  fields: [
    {
      name: 'topic',
      kind: 'text',
      label: 'Presentation topic',
      placeholder: 'e.g. The causes of the First World War',
      required: true,
    },
    {
      name: 'slideCount',
      kind: 'number',
      label: 'Number of slides',
      min: 2,
      max: 15,
      default: 5,
      help: 'From 2 to 15.',
    },
  ],
  prompt: `You are a presentation coach helping a student prepare a class presentation.

Create an outline of exactly {{slideCount}} slides on the topic below.
- The first slide introduces the topic and why it matters; the last slide sums up and ends with a question for the audience.
- Each slide has a short title (at most eight words) and its talking points.
- Each bullet point is one short line the student can speak to, not a full paragraph. Use concrete facts, dates or examples.

The topic:
{{topic}}`,
  result: z.object({
    slides: z
      .array(
        z.object({
          title: z.string().min(1).describe('Title'),
          points: z.array(z.string().min(1)).min(3).max(5).describe('Talking points'),
        }),
      )
      .min(2)
      .max(15)
      .describe('Slides'),
  }),
  renderer: 'slides',
  example: {
    input: { topic: 'The water cycle', slideCount: 5 },
    output: {
      slides: [
        {
          title: 'Why the water cycle matters',
          points: [
            'The same water has circulated on Earth for billions of years',
            'It delivers fresh water for drinking, farming and ecosystems',
            'It drives weather, from daily rain to hurricanes',
          ],
        },
        {
          title: 'Evaporation and transpiration',
          points: [
            "The Sun heats oceans, lakes and rivers, turning water into vapour",
            'Oceans supply about 86% of global evaporation',
            'Plants release vapour through their leaves: transpiration',
          ],
        },
        {
          title: 'Condensation and clouds',
          points: [
            'Rising vapour cools and condenses on tiny dust particles',
            'Billions of droplets together form clouds',
            'Cloud type depends on height and temperature',
          ],
        },
        {
          title: 'Precipitation and collection',
          points: [
            'Droplets merge until they are heavy enough to fall',
            'Rain, snow, sleet and hail return water to the surface',
            'Water collects in oceans, rivers, lakes and groundwater',
            'Run-off carries water back towards the sea',
          ],
        },
        {
          title: 'Summary and question',
          points: [
            'Evaporation, condensation, precipitation, collection: a continuous loop',
            'Human activity such as deforestation changes local cycles',
            'Question: how might a warmer climate change rainfall where we live?',
          ],
        },
      ],
    },
  },
});
