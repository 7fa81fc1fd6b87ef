import { readdirSync } from 'node:fs';
import path from 'node:path';

/*
 * Which files are tools: the one listing of the registry that the registry
 * plugin (what the app is built from), the registry and provider contract
 * tests and the generated Playwright flows all use, so none of them can test
 * or build a different set of files than the others.
 */

/** This checkout's registry folder. */
export const REGISTRY_DIR = path.resolve(import.meta.dirname, '../registry');

export interface RegistryFile {
  /** The file's absolute path. */
  file: string;
  /** The name problems and tests show it by: `registry/<name>.ts` (its folder's name and its own). */
  shown: string;
  /** The file name without `.ts`: the id the tool must declare. */
  stem: string;
}

/** Whether a file name in a registry folder is a tool: TypeScript, neither a declaration file nor a test. */
export function isToolFileName(name: string): boolean {
  return name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts');
}

/**
 * Every tool file of the given registry folders (by default this checkout's
 * `registry/`), folder by folder, in name order. Only the folder's own files:
 * `registry/shared/` holds helpers, not tools.
 */
export function registryFiles(dirs: readonly string[] = [REGISTRY_DIR]): RegistryFile[] {
  return dirs.flatMap((dir) => {
    const absolute = path.resolve(dir);
    return readdirSync(absolute, { withFileTypes: true })
      .filter((entry) => entry.isFile() && isToolFileName(entry.name))
      .map((entry) => entry.name)
      .sort()
      .map((name) => ({ file: path.join(absolute, name), shown: `${path.basename(absolute)}/${name}`, stem: path.basename(name, '.ts') }));
  });
}
