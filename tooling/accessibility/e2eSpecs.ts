/*
 * The e2e specs read as text: every test's title (so evidence can cite a test and be held to it), and every
 * axe scan a test makes, with the screen it names, the viewport and the colour schemes it runs in. Tooling may
 * not import e2e code, and these files start browsers when imported, so they are parsed, not run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devices } from '@playwright/test';
import { childrenOf, dottedName, isNode, literalText, parseTypeScript, topLevelConstants, type SyntaxNode } from './syntax';

export interface SpecTest {
  spec: string;
  /** The title as written: a template literal keeps its `${...}` placeholders. */
  title: string;
  describes: string[];
}

export interface AxeScan {
  spec: string;
  test: string;
  describes: string[];
  /** The screen the scan names (its label in the spec). */
  screen: string;
  viewport: string;
  schemes: string;
}

export interface SpecReading {
  tests: SpecTest[];
  scans: AxeScan[];
}

/** The viewport every flow has unless it sets one (playwright.config.ts uses Playwright's Desktop Chrome). */
const desktop = devices['Desktop Chrome'].viewport;
export const defaultViewport = `${desktop.width}x${desktop.height}`;

export function specFilesIn(root: string): string[] {
  return readdirSync(join(root, 'e2e'))
    .filter((name) => name.endsWith('.spec.ts'))
    .sort()
    .map((name) => `e2e/${name}`);
}

interface Scope {
  describes: string[];
  viewport: string;
  test?: string;
}

export function readSpec(root: string, spec: string): SpecReading {
  const code = readFileSync(join(root, spec), 'utf8');
  const program = parseTypeScript(code, spec);
  const constants = topLevelConstants(program);
  const reading: SpecReading = { tests: [], scans: [] };
  const source = (node: SyntaxNode) => code.slice(node.start, node.end);

  /** "390x844" for a literal size or a constant holding one; the expression as written otherwise. */
  function sizeOf(node: SyntaxNode | undefined): string | undefined {
    if (!node) return undefined;
    const value = node.type === 'Identifier' ? constants.get(String(node.name)) : node;
    const unwrapped = value?.type === 'TSAsExpression' ? (value.expression as SyntaxNode) : value;
    if (unwrapped?.type === 'ObjectExpression') {
      const number = (key: string) => propertyOf(unwrapped, key)?.value;
      const [width, height] = [number('width'), number('height')];
      if (typeof width === 'number' && typeof height === 'number') return `${width}x${height}`;
    }
    return `\`${source(node)}\``;
  }

  /** The viewport a `test.use({ ... })` among these statements sets, if any. */
  function viewportUsed(statements: readonly SyntaxNode[]): string | undefined {
    let found: string | undefined;
    for (const statement of statements) {
      const call = statement.type === 'ExpressionStatement' ? (statement.expression as SyntaxNode) : undefined;
      if (call?.type !== 'CallExpression' || dottedName(call.callee as SyntaxNode) !== 'test.use') continue;
      const options = (call.arguments as SyntaxNode[])[0];
      const viewport = options?.type === 'ObjectExpression' ? propertyOf(options, 'viewport') : undefined;
      found = sizeOf(viewport) ?? found;
    }
    return found;
  }

  function bodyOf(callback: SyntaxNode | undefined): SyntaxNode[] {
    const body = callback?.body;
    return isNode(body) && body.type === 'BlockStatement' ? (body.body as SyntaxNode[]) : [];
  }

  function visit(node: SyntaxNode, scope: Scope): void {
    if (node.type === 'CallExpression') {
      const name = dottedName(node.callee as SyntaxNode);
      const args = node.arguments as SyntaxNode[];
      const title = literalText(args[0], code);
      const callback = args.find((arg) => arg.type === 'ArrowFunctionExpression' || arg.type === 'FunctionExpression');
      if (title !== undefined && callback && /^test\.describe(\.(serial|parallel|only))?$/.test(name ?? '')) {
        const statements = bodyOf(callback);
        const inner: Scope = { describes: [...scope.describes, title], viewport: viewportUsed(statements) ?? scope.viewport };
        for (const statement of statements) visit(statement, inner);
        return;
      }
      if (title !== undefined && callback && (name === 'test' || name === 'test.only')) {
        reading.tests.push({ spec, title, describes: scope.describes });
        const inner: Scope = { ...scope, test: title };
        for (const child of childrenOf(callback)) visit(child, inner);
        return;
      }
      if (scope.test !== undefined && name === 'page.setViewportSize') scope.viewport = sizeOf(args[0]) ?? scope.viewport;
      if (scope.test !== undefined && (name === 'scan' || name === 'violationsOf')) {
        const screen = literalText(args[1], code) ?? (args[1] ? `\`${source(args[1])}\`` : '(unnamed)');
        reading.scans.push({ spec, test: scope.test, describes: scope.describes, screen, viewport: scope.viewport, schemes: schemesOf(name, args) });
      }
    }
    for (const child of childrenOf(node)) visit(child, scope);
  }

  function schemesOf(name: string, args: readonly SyntaxNode[]): string {
    if (name === 'violationsOf') {
      const rules = args[2] ? `the rules in \`${source(args[2])}\`` : 'all rules';
      return `light: ${rules}`;
    }
    const options = args[2];
    const dark = options?.type === 'ObjectExpression' ? propertyOf(options, 'dark') : undefined;
    if (!dark) return 'light: all rules; dark: colour rules';
    if (dark.type === 'Literal') return dark.value === false ? 'light: all rules' : 'light: all rules; dark: colour rules';
    const when = dark.type === 'CallExpression' && dottedName(dark.callee as SyntaxNode) === 'firstTimeDark' ? 'the first of each kind of screen' : `when \`${source(dark)}\``;
    return `light: all rules; dark: colour rules, for ${when}`;
  }

  const fileScope: Scope = { describes: [], viewport: viewportUsed(program.body as SyntaxNode[]) ?? defaultViewport };
  for (const statement of program.body as SyntaxNode[]) visit(statement, { ...fileScope });
  return reading;
}

function propertyOf(object: SyntaxNode, key: string): SyntaxNode | undefined {
  for (const property of object.properties as SyntaxNode[]) {
    const name = property.key as SyntaxNode | undefined;
    if (property.type === 'Property' && (name?.name === key || name?.value === key) && isNode(property.value)) return property.value;
  }
  return undefined;
}

/** Every spec's tests and scans. */
export function readSpecs(root: string, specs: readonly string[] = specFilesIn(root)): SpecReading {
  const readings = specs.map((spec) => readSpec(root, spec));
  return { tests: readings.flatMap((r) => r.tests), scans: readings.flatMap((r) => r.scans) };
}
