import { z } from 'zod';
import { defineTool } from '../defineTool';

/** The smallest structured tool, for tests that run runTool against a real backend: one field, one string in the answer. */
export const summaryTool = defineTool({
  id: 'test-summary',
  title: 'Summary',
  description: 'Summarises a topic.',
  icon: 'timer',
  category: 'Presentations',
  fields: [{ name: 'topic', kind: 'textarea', label: 'Topic', required: true }],
  prompt: 'Summarise {{topic}}.',
  result: z.object({ summary: z.string() }),
  example: { input: { topic: 'osmosis' }, output: { summary: 'Water moves.' } },
});
