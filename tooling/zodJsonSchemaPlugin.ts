import type { Plugin } from 'vite';

/*
 * Leaves zod's JSON Schema generator out of the browser bundle.
 *
 * The app converts result schemas to JSON Schema at build time only
 * (src/kernel/resultContracts.ts), but zod 4's classic API wires its generator
 * into every schema it builds: each constructor sets `processJSONSchema`, and
 * the base type gains `toJSONSchema()` and `~standard.jsonSchema`. Those
 * references keep about 7 KB (gzipped) on every tool route that no browser
 * code runs. In a production build this plugin removes them from
 * zod/v4/classic/schemas.js; what zod reads from the same module to answer
 * `.minLength` and the like (aggregateChecks) stays, so validation is as
 * before. Tests and the dev server use zod untouched.
 *
 * Each edit must match as often as expected: if a zod release reshapes the
 * file, the build stops here, naming the edit, rather than shipping a zod
 * the tests never ran.
 */

interface Edit {
  what: string;
  pattern: RegExp;
  replacement: string;
  /** How many matches this zod (4.6) has; 'some' where the count follows zod's list of schema types. */
  expected: number | 'some';
}

export const EDITS: readonly Edit[] = [
  {
    what: 'each constructor wiring in its JSON Schema processor',
    pattern: /\n\s*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+Processor\(inst, ctx, json, params\);/g,
    replacement: '',
    expected: 'some',
  },
  {
    what: "the base type's toJSONSchema() method",
    pattern: /toJSONSchema\(params\) \{\n\s*return createToJSONSchemaMethod\(this, \{\}\)\(params\);\n\s*\},/g,
    replacement: 'toJSONSchema() {\n        throw new Error("JSON Schema is generated when the app is built (src/kernel/resultContracts.ts), not in the browser.");\n    },',
    expected: 1,
  },
  {
    what: "the base type's ~standard.jsonSchema",
    pattern: /jsonSchema: \{\n\s*input: createStandardJSONSchemaMethod\(this, "input"\),\n\s*output: createStandardJSONSchemaMethod\(this, "output"\),\n\s*\},/g,
    replacement: '',
    expected: 1,
  },
];

const CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

/** zod's classic schemas module without its JSON Schema wiring; throws naming an edit that no longer fits. */
export function withoutJsonSchema(code: string): string {
  let out = code;
  for (const edit of EDITS) {
    const count = out.match(edit.pattern)?.length ?? 0;
    if (edit.expected === 'some' ? count === 0 : count !== edit.expected) {
      throw new Error(
        `tooling/zodJsonSchemaPlugin.ts: zod's classic/schemas.js no longer matches the edit "${edit.what}" (${count} matches). ` +
          'A zod release changed the file: update the edit to the new code, or remove it if zod no longer needs it.',
      );
    }
    out = out.replace(edit.pattern, edit.replacement);
  }
  return out;
}

export function zodJsonSchemaPlugin(): Plugin {
  return {
    name: 'studyforge-zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (!CLASSIC_SCHEMAS.test(id.split('?')[0] ?? id)) return undefined;
      return { code: withoutJsonSchema(code), map: null };
    },
  };
}
