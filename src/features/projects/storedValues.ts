import * as z from 'zod/mini';
import { artifactListSchema, projectListSchema } from './schema';

/*
 * What projects keep in storage that the first load reads: compiled at
 * build time with the kernel's (src/kernel/stored/schemas.ts) into plain
 * checks, so the first load carries no zod. Listed with the others in
 * src/app/storedValueSchemas.ts; typed for the kernel's readers below.
 */
export const projectStoredValueSchemas = {
  projectList: projectListSchema,
  artifactList: artifactListSchema,
  activeProject: z.nullable(z.string()),
  deleted: z.object({ projects: z.array(z.string()), artifacts: z.array(z.string()) }),
};

type ProjectStoredValueSchemas = typeof projectStoredValueSchemas;

declare module '../../kernel/stored/schemas' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface StoredValueSchemas extends ProjectStoredValueSchemas {}
}
