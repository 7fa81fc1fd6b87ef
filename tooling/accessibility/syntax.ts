/*
 * Just enough of a TypeScript syntax tree (ESTree, as Vite's parser gives it) for the report to read the e2e
 * files as text: tooling may not import e2e code, and reading the files themselves means the report describes
 * what the suite really runs, not a list someone keeps beside it.
 */
import { parseAst } from 'vite';

export interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function parseTypeScript(code: string, file: string): SyntaxNode {
  try {
    return parseAst(code, { lang: 'ts' }) as unknown as SyntaxNode;
  } catch (error) {
    throw new Error(`${file} could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function isNode(value: unknown): value is SyntaxNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** The node's children, in source order. */
export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  const children: SyntaxNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) children.push(...value.filter(isNode));
    else if (isNode(value)) children.push(value);
  }
  return children.sort((x, y) => x.start - y.start);
}

/** The text of a string literal or of a template literal as written (placeholders kept as `${...}`); undefined otherwise. */
export function literalText(node: SyntaxNode | undefined, code: string): string | undefined {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return code.slice(node.start + 1, node.end - 1);
  return undefined;
}

/** The strings of an array literal of string literals; undefined when it holds anything else. */
export function stringArray(node: SyntaxNode | undefined, code: string): string[] | undefined {
  if (node?.type !== 'ArrayExpression') return undefined;
  const texts = (node.elements as (SyntaxNode | null)[]).map((element) => (element?.type === 'Literal' ? literalText(element, code) : undefined));
  return texts.every((text): text is string => text !== undefined) ? texts : undefined;
}

/** `a.b.c` for a member expression or identifier, as written; undefined for anything else. */
export function dottedName(node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'Identifier') return String(node.name);
  if (node.type === 'MemberExpression' && !node.computed) {
    const object = dottedName(node.object as SyntaxNode);
    const property = dottedName(node.property as SyntaxNode);
    return object && property ? `${object}.${property}` : undefined;
  }
  return undefined;
}

/** The initial value of each top-level `const name = ...` (exported or not), by name. */
export function topLevelConstants(program: SyntaxNode): Map<string, SyntaxNode> {
  const constants = new Map<string, SyntaxNode>();
  for (let statement of program.body as SyntaxNode[]) {
    if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)) statement = statement.declaration;
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as SyntaxNode[]) {
      const id = declarator.id as SyntaxNode;
      if (id.type === 'Identifier' && isNode(declarator.init)) constants.set(String(id.name), declarator.init);
    }
  }
  return constants;
}

/** Every call expression under the node, in source order. */
export function callsUnder(node: SyntaxNode): SyntaxNode[] {
  const calls: SyntaxNode[] = [];
  const visit = (current: SyntaxNode) => {
    if (current.type === 'CallExpression') calls.push(current);
    for (const child of childrenOf(current)) visit(child);
  };
  visit(node);
  return calls;
}
