import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineExport } from './defineExport';
import type { ExportInput } from './format';

const plan = z.object({ steps: z.array(z.string()), title: z.string().default('Untitled') });
const planExport = defineExport({ result: plan }, 'This result is not a plan the export can read.');
const input = (data: unknown): ExportInput => ({ toolTitle: 'Planner', data });

describe('an export defined on the data it reads', () => {
  it('hands every format the data as the schema parses it (defaults filled in)', async () => {
    const seen: unknown[] = [];
    const text = planExport.text({ key: 'csv', label: 'Steps', build: (data) => (seen.push(data), { baseName: 'p', extension: 'csv', type: 'text/csv', text: data.steps.join('\n') }) });
    const binary = planExport.binary({ key: 'docx', label: 'Word', build: async (data) => (seen.push(data), { baseName: 'p', extension: 'bin', type: 'x', bytes: new Uint8Array(data.steps.length) }) });
    const document = planExport.document((data) => ({ title: data.title, meta: [], blocks: [] }));
    expect(text.build(input({ steps: ['read', 'write'] })).text).toBe('read\nwrite');
    expect((await binary.build(input({ steps: ['a'] }), { document: () => ({ title: '', meta: [], blocks: [] }) })).bytes).toHaveLength(1);
    expect(document(input({ steps: [] })).title).toBe('Untitled');
    expect(seen).toEqual([{ steps: ['read', 'write'], title: 'Untitled' }, { steps: ['a'], title: 'Untitled' }]);
  });

  it('refuses a result that does not fit with the stated message, before the format builds anything', async () => {
    let built = 0;
    const text = planExport.text({ key: 'csv', label: 'Steps', build: () => (built++, { baseName: 'p', extension: 'csv', type: 'text/csv', text: '' }) });
    const binary = planExport.binary({ key: 'docx', label: 'Word', build: async () => (built++, { baseName: 'p', extension: 'bin', type: 'x', bytes: new Uint8Array() }) });
    expect(() => text.build(input('not a plan'))).toThrow('This result is not a plan the export can read.');
    await expect(binary.build(input({ steps: 'one' }), { document: () => ({ title: '', meta: [], blocks: [] }) })).rejects.toThrow('This result is not a plan the export can read.');
    expect(() => planExport.document(() => ({ title: '', meta: [], blocks: [] }))(input(null))).toThrow('This result is not a plan the export can read.');
    expect(built).toBe(0);
  });
});
