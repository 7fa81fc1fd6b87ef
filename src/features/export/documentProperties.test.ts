// @vitest-environment jsdom
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { docxFormat } from './documentFormats';
import { preparedExport } from './exportFormats';
import type { ExportInput } from './format';

/* A Word file's properties (docProps/core.xml, Word's Info pane) name the result's topic and StudyForge, not only the tool. */

/** The file the export menu makes: the input prepared as the menu does (its topic found once), then Word's format. */
async function properties(given: ExportInput) {
  const { input, context } = await preparedExport('a-tool-no-longer-listed', given);
  const file = await docxFormat.build(input, context);
  const zip = await JSZip.loadAsync(file.bytes);
  const core = new DOMParser().parseFromString(await zip.file('docProps/core.xml')!.async('string'), 'application/xml');
  const tag = (name: string) => core.getElementsByTagName(name)[0]?.textContent ?? '';
  return { name: file.baseName, title: tag('dc:title'), subject: tag('dc:subject'), creator: tag('dc:creator') };
}

describe('a Word file of a result', () => {
  it('is titled by its topic, with the tool and topic as its subject and StudyForge as its author', async () => {
    expect(await properties({ toolTitle: 'Lesson Plan Variator', topic: 'Photosynthesis', data: { variant1: 'Hook.' } })).toEqual({
      name: 'Lesson Plan Variator - Photosynthesis',
      title: 'Photosynthesis',
      subject: 'Lesson Plan Variator - Photosynthesis',
      creator: 'StudyForge',
    });
  });

  it("takes the topic from the result when none was typed (notes bold their key term first), else the tool's name", async () => {
    expect(await properties({ toolTitle: 'SmartNotes', data: '## Key ideas\n- **Osmosis** moves water.' })).toMatchObject({ name: 'SmartNotes - Osmosis', title: 'Osmosis' });
    expect(await properties({ toolTitle: 'Differentiated Text Generator', data: { levelA2: 'Bees.' } })).toMatchObject({ name: 'Differentiated Text Generator', title: 'Differentiated Text Generator' });
  });
});
