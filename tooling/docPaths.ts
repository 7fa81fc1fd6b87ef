/*
 * The paths the docs name, so a test can hold them to the files that exist: a reader who follows a link or
 * opens a file a doc names should find it, however often the code moves.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The docs a reader follows: the README, docs/ and the guides beside the registry and the renderers. */
export function docFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', ...docs.sort(), 'registry/README.md', 'renderers/README.md'];
}

/** Links to another file of the repository: `[text](target)`, without web addresses or in-page anchors. */
export function relativeLinks(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? '');
  return targets
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
    .map((target) => decodeURI(target.replace(/#.*$/, '')));
}

/**
 * Paths named in the prose or in code, from the repository root: under src/, tooling/, server/, renderers/,
 * registry/, e2e/, supabase/ or deploy/.
 * A path is read up to the first character no file name here uses (so `src/features/<name>/` names
 * `src/features/`), and trailing dots are a sentence's, not the path's.
 */
export function namedPaths(markdown: string): string[] {
  const paths = [...markdown.matchAll(/(?<![\w./:-])(?:src|tooling|server|renderers|registry|e2e|supabase|deploy)\/[\w./-]*/g)].map((match) => match[0].replace(/\.+$/, ''));
  return [...new Set(paths)];
}

/** Relative module specifiers in the docs' code examples (`from '../src/kernel/defineTool'`), read from the doc's folder. */
export function relativeImports(markdown: string): string[] {
  return [...markdown.matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1] ?? '');
}

const moduleFiles = (path: string): string[] => [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')];

/** A file, or a folder holding at least one file: a folder emptied by a move is not there for a reader (nor in git). */
function leadsSomewhere(path: string): boolean {
  if (!existsSync(path)) return false;
  if (!statSync(path).isDirectory()) return true;
  return readdirSync(path, { recursive: true, withFileTypes: true }).some((entry) => entry.isFile());
}

/** Every link and named path of every doc that leads nowhere, as `doc: path`. */
export function missingDocPaths(root: string, read: (path: string) => string): string[] {
  const missing: string[] = [];
  for (const doc of docFiles(root)) {
    const markdown = read(join(root, doc));
    for (const link of relativeLinks(markdown)) {
      const target = join(root, dirname(doc), link);
      if (!leadsSomewhere(target)) missing.push(`${doc}: link ${link} (${relative(root, target)})`);
    }
    for (const specifier of relativeImports(markdown)) {
      const target = join(root, dirname(doc), specifier);
      if (!moduleFiles(target).some((file) => existsSync(file) && statSync(file).isFile())) missing.push(`${doc}: import ${specifier}`);
    }
    for (const path of namedPaths(markdown)) {
      if (!leadsSomewhere(join(root, path))) missing.push(`${doc}: ${path}`);
    }
  }
  return missing;
}
