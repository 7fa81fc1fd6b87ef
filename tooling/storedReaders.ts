/*
 * Compiles the first load's stored-value schemas (src/app/storedValueSchemas.ts)
 * into plain JavaScript checks, so the dashboard reads storage safely without
 * shipping zod. Each reader answers as zod's safeParse would:
 * the value with unknown object keys left out, or the first problem found.
 *
 * Only what such values need is compiled: objects (unknown keys stripped),
 * arrays, strings, numbers, booleans, enums, optional, nullable and unknown
 * values, length checks, and refinements that are named predicates. Anything
 * else is an error naming the schema and the fix, at build time.
 */

/** The slice of zod's internal definition the compiler reads (zod/v4/core's `_zod.def`). */
interface SchemaDef {
  type: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
  shape?: Readonly<Record<string, CompilableSchema>>;
  catchall?: unknown;
  element?: CompilableSchema;
  innerType?: CompilableSchema;
  entries?: Readonly<Record<string, string | number>>;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  fn?: unknown;
}

export interface CompilableSchema {
  _zod: { def: SchemaDef };
}

export class StoredReaderError extends Error {}

/*
 * The readers are small combinators (RUNTIME, below) put together per schema:
 * `arr(obj({ id: len(str, 1, -1), name: str }))`. Each takes the value and its
 * path, and returns the value read or FAIL, leaving the problem in `problem`.
 */
const RUNTIME = `const FAIL = Symbol();
let problem = '';
const fail = (p, why) => { problem = (p.replace(/^\\./, '') || '(root)') + ': ' + why; return FAIL; };
const type = (ok, why) => (v, p) => (ok(v) ? v : fail(p, why));
const str = type((v) => typeof v === 'string', 'expected a string');
const num = type((v) => typeof v === 'number' && Number.isFinite(v), 'expected a number');
const bool = type((v) => typeof v === 'boolean', 'expected true or false');
const unk = (v) => v;
const oneOf = (values) => type((v) => values.includes(v), 'expected one of ' + values.join(', '));
const opt = (f) => (v, p) => (v === undefined ? v : f(v, p));
const nul = (f) => (v, p) => (v === null ? v : f(v, p));
const len = (f, min, max) => (v, p) => { const x = f(v, p); return x === FAIL ? x : v.length < min ? fail(p, 'too short') : max >= 0 && v.length > max ? fail(p, 'too long') : x; };
const must = (f, ok, why) => (v, p) => { const x = f(v, p); return x === FAIL || ok(x) ? x : fail(p, why); };
const arr = (f) => (v, p) => {
  if (!Array.isArray(v)) return fail(p, 'expected a list');
  const out = [];
  for (let i = 0; i < v.length; i++) { const x = f(v[i], p + '[' + i + ']'); if (x === FAIL) return x; out.push(x); }
  return out;
};
const obj = (shape) => (v, p) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, 'expected an object');
  const out = {};
  for (const k in shape) {
    const x = shape[k](v[k], p + '.' + k);
    if (x === FAIL) return x;
    if (x !== undefined || k in v) out[k] = x;
  }
  return out;
};
const reader = (f) => (value) => { const x = f(value, ''); return x === FAIL ? { ok: false, problem } : { ok: true, value: x }; };`;

class Compiler {
  constructor(
    private readonly name: string,
    private readonly predicateNames: ReadonlyMap<unknown, string>,
  ) {}

  private refuse(path: string, why: string): never {
    throw new StoredReaderError(
      `src/app/storedValueSchemas.ts: storedValueSchemas.${this.name} at ${path || '(root)'}: ${why}. ` +
        'The first load compiles these schemas: use objects, arrays, strings, numbers, booleans, enums, optional, nullable and unknown values, ' +
        'length checks, and refinements with a predicate exported from src/kernel/stored/predicates.ts.',
    );
  }

  /** The combinator expression reading one schema node. */
  node(schema: CompilableSchema, path: string): string {
    const def = schema._zod.def;
    let expression: string;
    switch (def.type) {
      case 'string':
        expression = 'str';
        break;
      case 'number':
        expression = 'num';
        break;
      case 'boolean':
        expression = 'bool';
        break;
      case 'unknown':
        expression = 'unk';
        break;
      case 'enum':
        expression = `oneOf(${JSON.stringify(Object.values(def.entries ?? {}))})`;
        break;
      case 'optional':
      case 'nullable':
        if (!def.innerType) this.refuse(path, `${def.type} without an inner schema`);
        expression = `${def.type === 'optional' ? 'opt' : 'nul'}(${this.node(def.innerType, path)})`;
        break;
      case 'array':
        if (!def.element) this.refuse(path, 'an array without an element schema');
        expression = `arr(${this.node(def.element, `${path}[]`)})`;
        break;
      case 'object': {
        if (def.catchall !== undefined) this.refuse(path, 'an object with a catchall');
        const keys = Object.entries(def.shape ?? {}).map(([key, child]) => `${JSON.stringify(key)}: ${this.node(child, path ? `${path}.${key}` : key)}`);
        expression = `obj({ ${keys.join(', ')} })`;
        break;
      }
      default:
        this.refuse(path, `a ${def.type} schema cannot be compiled`);
    }
    for (const check of def.checks ?? []) expression = this.check(expression, check._zod.def, path);
    return expression;
  }

  /** A check wraps the expression, so it runs on what the type accepted, as zod's checks do. */
  private check(expression: string, def: CheckDef, path: string): string {
    switch (def.check) {
      case 'min_length':
        return `len(${expression}, ${Number(def.minimum)}, -1)`;
      case 'max_length':
        return `len(${expression}, 0, ${Number(def.maximum)})`;
      case 'length_equals':
        return `len(${expression}, ${Number(def.length)}, ${Number(def.length)})`;
      case 'custom': {
        const predicate = this.predicateNames.get(def.fn);
        if (!predicate) this.refuse(path, 'a refinement with a function of its own');
        return `must(${expression}, P.${predicate}, ${JSON.stringify(`fails ${predicate}`)})`;
      }
      default:
        this.refuse(path, `the check "${def.check}"`);
    }
  }
}

/**
 * The source of a module exporting `readers`: per schema name, a function
 * from a parsed JSON value to `{ ok: true, value }` or `{ ok: false, problem }`.
 */
export function compileReaders(
  schemas: Readonly<Record<string, CompilableSchema>>,
  predicates: Readonly<Record<string, unknown>>,
  predicatesModule: string,
): string {
  const predicateNames = new Map(Object.entries(predicates).map(([name, fn]) => [fn, name]));
  const entries = Object.entries(schemas).map(([name, schema]) => `  ${name}: reader(${new Compiler(name, predicateNames).node(schema, '')}),`);
  return [
    '// Generated from src/app/storedValueSchemas.ts by tooling/storedReaders.ts at build time.',
    `import * as P from ${JSON.stringify(predicatesModule)};`,
    RUNTIME,
    `export const readers = {\n${entries.join('\n')}\n};`,
  ].join('\n');
}
