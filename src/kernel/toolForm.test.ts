import { describe, expect, it } from 'vitest';
import { loadTool, loadToolForm, tools } from './catalogue';
import { toolFormOf } from './toolForm';

/*
 * A tool page paints from its form's data before the declaration loads:
 * that data must be the declaration's own fields and rules,
 * survive being written into a module as JSON, and carry what a widget reads.
 */
describe('tool forms', () => {
  it('give every registry tool the fields, rules and labels of its declaration, as plain data', async () => {
    for (const meta of tools) {
      const [form, declaration] = await Promise.all([loadToolForm(meta.id), loadTool(meta.id)]);
      expect(form, meta.id).toEqual(JSON.parse(JSON.stringify(toolFormOf(declaration))));
      expect(form.fields, meta.id).toEqual(declaration.fields);
      expect(form.rules ?? [], meta.id).toEqual(declaration.rules ?? []);
      expect(form.actionLabel, meta.id).toBe(declaration.actionLabel);
      expect(form.result, meta.id).toBe(declaration.result === 'markdown' ? 'markdown' : 'structured');
      expect(form.refines, meta.id).toBe(declaration.refine !== false);
    }
  });

  it('carry the example inputs only where a field widget offers them (the recorders)', async () => {
    const withWidgets = tools.filter((meta) => meta.id === 'audio-notes' || meta.id === 'presentation-rehearsal-coach');
    expect(withWidgets).toHaveLength(2);
    for (const meta of withWidgets) expect((await loadToolForm(meta.id)).exampleInput, meta.id).toEqual((await loadTool(meta.id)).example.input);
    expect((await loadToolForm('smart-notes')).exampleInput).toBeUndefined();
  });
});
