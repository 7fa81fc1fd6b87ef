import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { compileReaders, type CompilableSchema } from './storedReaders.ts';
import { invalidateVirtualModule } from './virtualModule.ts';

/*
 * `virtual:studyforge/stored-readers`: the first load's stored-value schemas
 * (src/app/storedValueSchemas.ts: the kernel's and the features'), compiled
 * at build time into plain checks (tooling/storedReaders.ts), so the
 * dashboard reads storage safely without zod. The schemas are evaluated in
 * Node, as the registry plugin evaluates registry files; the dev server compiles again when a file they
 * are built from is saved.
 */

const VIRTUAL_ID = 'virtual:studyforge/stored-readers';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

const root = path.resolve(import.meta.dirname, '..');
const SCHEMAS = path.join(root, 'src/app/storedValueSchemas.ts');
const PREDICATES = path.join(root, 'src/kernel/stored/predicates.ts');
/** Files the schemas are built from: a change to one recompiles the readers in dev. */
const SOURCES = [
  SCHEMAS,
  path.join(root, 'src/kernel/stored') + path.sep,
  path.join(root, 'src/features/projects/storedValues.ts'),
  path.join(root, 'src/features/projects/schema.ts'),
  path.join(root, 'src/kernel/backend/ownKey.ts'),
];

interface SchemasModule {
  storedValueSchemas: Readonly<Record<string, CompilableSchema>>;
  predicates: Readonly<Record<string, unknown>>;
}

/** The generated module's source. */
export async function storedReadersSource(): Promise<string> {
  const { module } = await runnerImport<SchemasModule>(SCHEMAS, { configFile: false, logLevel: 'silent' });
  return compileReaders(module.storedValueSchemas, module.predicates, PREDICATES);
}

export function storedReadersPlugin(): Plugin {
  return {
    name: 'studyforge-stored-readers',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? storedReadersSource() : undefined;
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (SOURCES.some((source) => (source.endsWith(path.sep) ? file.startsWith(source) : file === source))) invalidateVirtualModule(server, RESOLVED_ID);
      });
    },
  };
}
