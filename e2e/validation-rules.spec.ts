import { expect, test, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import type { Field } from '../src/kernel/fields';
import { escapeRegExp, fillFromExample, generateButton, openTool } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * The multi-input rules of spec section 5, checked from each registry file's
 * own declaration: Generate stays disabled until every required input (and
 * every cross-field rule) holds, optional inputs never block it, and the form
 * opens with the declared defaults.
 */

const tools = await loadRegistry();

const blocksWhenBlank = (f: Field) => f.required === true && f.kind !== 'select' && f.kind !== 'switch';

function control(page: Page, field: Field) {
  return page.getByLabel(field.label, { exact: true });
}

const multiInput = tools.filter((t) => t.fields.filter(blocksWhenBlank).length >= 2 || (t.rules?.length ?? 0) > 0);

test('the spec multi-input tools are all covered here', () => {
  const ids = multiInput.map((t) => t.id);
  for (const id of ['scholarship-coach', 'analogy-generator', 'rubric-builder', 'study-plan-ai', 'focus-sprint-planner', 'multi-doc-synthesizer', 'group-project-coordinator']) {
    expect(ids).toContain(id);
  }
});

for (const tool of multiInput) {
  test.describe(tool.id, () => {
    test.beforeEach(async ({ page }) => {
      await openTool(page, tool);
      await fillFromExample(page, tool);
      await expect(generateButton(page, tool)).toBeEnabled();
    });

    for (const field of tool.fields.filter(blocksWhenBlank)) {
      test(`Generate stays disabled while "${field.label}" is blank`, async ({ page }) => {
        const input = tool.example.input as Record<string, unknown>;
        await control(page, field).fill(field.kind === 'number' || field.kind === 'date' ? '' : '   ');
        await expect(generateButton(page, tool)).toBeDisabled();
        await expect(page.getByText(new RegExp(`Fill in .*${escapeRegExp(field.label)}.* to generate`))).toBeVisible();
        await control(page, field).fill(String(input[field.name]));
        await expect(generateButton(page, tool)).toBeEnabled();
      });
    }

    const optional = tool.fields.filter((f) => !f.required && (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'date') && !tool.rules?.some((r) => r.fields.includes(f.name)));
    if (optional.length > 0) {
      test(`optional inputs (${optional.map((f) => f.label).join(', ')}) never block Generate`, async ({ page }) => {
        for (const field of optional) await control(page, field).fill('');
        await expect(generateButton(page, tool)).toBeEnabled();
      });
    }

    for (const rule of tool.rules ?? []) {
      test(`Generate stays disabled until one of ${rule.fields.join(', ')} is filled`, async ({ page }) => {
        const fields = rule.fields.map((name) => tool.fields.find((f) => f.name === name) as Field);
        for (const field of fields) await control(page, field).fill('  ');
        await expect(generateButton(page, tool)).toBeDisabled();
        await expect(page.getByText(rule.message)).toBeVisible();
        for (const field of fields) {
          await control(page, field).fill('A single source is enough to work with.');
          await expect(generateButton(page, tool)).toBeEnabled();
          await control(page, field).fill('');
          await expect(generateButton(page, tool)).toBeDisabled();
        }
      });
    }
  });
}

function declaredDefaults(tool: ToolDeclaration): [Field, string][] {
  return tool.fields.flatMap((f): [Field, string][] => {
    if (f.kind === 'switch' || f.default === undefined || f.default === '') return [];
    return [[f, String(f.default)]];
  });
}

for (const tool of tools.filter((t) => declaredDefaults(t).length > 0)) {
  test(`${tool.id} opens with its declared defaults`, async ({ page }) => {
    await openTool(page, tool);
    for (const [field, value] of declaredDefaults(tool)) await expect(control(page, field)).toHaveValue(value);
  });
}
