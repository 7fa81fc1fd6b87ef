import { defineExport, loadPptx, type DeckSlide, type RendererExports } from '../../src/features/export';
import { slidesContract } from './contract';

/*
 * A presentation outline as .pptx: the outline is already a deck, so it
 * skips the document and goes to the export feature's deck writer (pptx.ts,
 * pptxgenjs loaded only when chosen). A title slide with the topic, then one
 * slide per entry: its title and its points as a bulleted list. The outline
 * has nothing beyond what the slide shows, so its speaker notes stay empty
 * rather than repeat the slide.
 */

const slidesExport = defineExport(slidesContract, 'This result is not a slide outline the export can read.');

const pptxFormat = slidesExport.binary({
  key: 'pptx',
  label: 'PowerPoint / Google Slides (.pptx)',
  build: async (outline, input) => {
    const slides = outline.slides.map((entry): DeckSlide => ({ title: entry.title, points: entry.points, bulleted: true, notes: [] }));
    const { pptxFileOf } = await loadPptx();
    return pptxFileOf(input, slides);
  },
});

export const slidesExports: RendererExports = { formats: [pptxFormat] };
