import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'keyword-extractor',
  title: 'Keyword Extractor',
  description: 'Pull the key terms out of your notes, with short definitions and the main points worth remembering.',
  icon: 'label',
  category: 'Notes and summaries',
  subjects: ['geography', 'biology', 'science', 'history'],
  keywords: [
    'keywords', 'key terms', 'definitions', 'glossary', 'vocabulary', 'notes', 'summary', 'revise', 'revision',
    'key points', 'terms', 'test', 'exam',
  ],
  fields: [
    {
      name: 'notes',
      kind: 'textarea',
      label: 'Your notes',
      placeholder: 'Paste lecture notes, class notes or a textbook section...',
      required: true,
    },
  ],
  prompt: `You are a study coach helping a secondary-school or university student revise from their own notes.

Read the notes below and pick out:
- The keywords: the most important subject terms in the notes (names of concepts, processes, people or events), in the order they appear. Use the wording the notes use, with normal capitalisation; no duplicates and no everyday words.
- Definitions of those keywords that a student is most likely to be tested on, each term spelled exactly as in the keywords and defined in one or two sentences in plain language, accurate for the subject and consistent with the notes.
- Key points to remember from the notes, each one complete sentence a student could write on a revision card (a cause, a contrast, an example or a number worth knowing).

Base everything on the notes. You may make a definition clearer than the notes do, but do not add facts, dates or figures that are not in them, and do not correct the notes silently: if a point in the notes looks wrong, leave it out of the highlights. If the notes are very short, still give enough keywords by including the clearest supporting terms.

The notes:
{{notes}}`,
  result: z.object({
    keywords: z.array(z.string().min(1)).min(5).max(12).describe('Keywords'),
    definitions: z
      .array(
        z.object({
          term: z.string().min(1).describe('Term'),
          definition: z.string().min(1).describe('Definition'),
        }),
      )
      .min(3)
      .max(8)
      .describe('Definitions'),
    highlights: z.array(z.string().min(1)).min(3).max(5).describe('Key points to remember'),
  }),
  actionLabel: 'Extract Keywords',
  example: {
    input: {
      notes: `Plate tectonics (Geog, week 3)
- lithosphere (crust + rigid upper mantle) is broken into about 15 major plates
- plates move a few cm per year over the asthenosphere (hot, partly molten, flows slowly)
- driven by convection currents in the mantle + slab pull where plates sink
- divergent boundary: plates move apart, magma rises, new crust forms, e.g. Mid-Atlantic Ridge, Iceland
- convergent boundary: plates collide. oceanic under continental = subduction -> deep trench + volcanoes (Andes). continental + continental = fold mountains (Himalayas)
- transform (conservative) boundary: plates slide past each other, no crust made or destroyed, earthquakes, e.g. San Andreas Fault
- evidence: Wegener's continental drift (1912): continents fit like a jigsaw, same fossils (Mesosaurus) in S. America + Africa; 1960s seafloor spreading + magnetic stripes on the ocean floor`,
    },
    output: {
      keywords: [
        'Plate tectonics',
        'Lithosphere',
        'Asthenosphere',
        'Convection currents',
        'Slab pull',
        'Divergent boundary',
        'Convergent boundary',
        'Subduction',
        'Fold mountains',
        'Transform boundary',
        'Continental drift',
        'Seafloor spreading',
      ],
      definitions: [
        {
          term: 'Lithosphere',
          definition: "The rigid outer layer of the Earth, made of the crust and the top of the mantle, which is broken into tectonic plates.",
        },
        {
          term: 'Asthenosphere',
          definition: 'The hot, partly molten layer of the mantle beneath the lithosphere; it flows slowly, allowing the plates above it to move.',
        },
        {
          term: 'Convection currents',
          definition: 'Slow circular movements in the mantle, where hotter rock rises and cooler rock sinks, which help drag the plates along.',
        },
        {
          term: 'Subduction',
          definition: 'The process at a convergent boundary where a denser oceanic plate sinks beneath another plate into the mantle, forming a deep trench and volcanoes.',
        },
        {
          term: 'Transform boundary',
          definition: 'A boundary where two plates slide past each other; crust is neither created nor destroyed, but friction causes earthquakes.',
        },
        {
          term: 'Seafloor spreading',
          definition: 'The creation of new ocean crust at divergent boundaries as magma rises and the plates move apart, recorded in magnetic stripes on the ocean floor.',
        },
      ],
      highlights: [
        'The lithosphere is split into about 15 major plates that move a few centimetres per year over the asthenosphere.',
        'Plates are driven by convection currents in the mantle and by slab pull where plates sink.',
        'Divergent boundaries create new crust, convergent boundaries destroy or crumple it, and transform boundaries do neither but cause earthquakes.',
        'When oceanic crust is subducted under continental crust, a deep trench and a chain of volcanoes form, as in the Andes.',
        'Evidence for moving plates includes the jigsaw fit of the continents, matching Mesosaurus fossils in South America and Africa, and magnetic stripes on the seafloor.',
      ],
    },
  },
});
