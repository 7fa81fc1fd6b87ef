import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITS, withoutJsonSchema } from './zodJsonSchemaPlugin';

/*
 * The build leaves zod's JSON Schema generator out. The flows run
 * every tool on that build; these tests pin what the edit does to the zod
 * installed here, and that a reshaped zod stops the build with the fix.
 */

const require = createRequire(import.meta.url);
const classicSchemas = path.join(path.dirname(require.resolve('zod/package.json')), 'v4', 'classic', 'schemas.js');
const original = readFileSync(classicSchemas, 'utf8');

describe("zod's classic schemas in a production build", () => {
  it('keep no reference to the JSON Schema generator but what validation reads (aggregateChecks)', () => {
    const edited = withoutJsonSchema(original);
    expect(original).toMatch(/processors\.\w+Processor\(/);
    expect(edited).not.toMatch(/processors\.\w+Processor\(/);
    expect(edited).not.toContain('createToJSONSchemaMethod(');
    expect(edited).not.toContain('createStandardJSONSchemaMethod(');
    expect(edited).toContain('processors.aggregateChecks(inst)');
    // Only lines went away: every schema constructor is still there.
    expect(edited.match(/core\.\$constructor\(/g)?.length).toBe(original.match(/core\.\$constructor\(/g)?.length);
  });

  it('stop the build, naming the edit and the fix, when a zod release reshapes the file', () => {
    const reshaped = original.replace(/toJSONSchema\(params\) \{/, 'toJSONSchema(options) {');
    expect(() => withoutJsonSchema(reshaped)).toThrow(/no longer matches the edit "the base type's toJSONSchema\(\) method" \(0 matches\)\. A zod release changed the file: update the edit/);
    expect(EDITS.map((edit) => edit.what)).toHaveLength(3);
  });
});
