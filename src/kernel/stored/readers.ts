import { readers as compiled } from 'virtual:studyforge/stored-readers';
import type { StoredReaders } from './schemas';

/*
 * The first load's stored-value readers, compiled from the schemas listed in
 * src/app/storedValueSchemas.ts (./schemas.ts and the features') at build
 * time (tooling/storedReadersPlugin.ts), with the types of those schemas: the
 * compiler emits one reader per schema, answering as StoredReader says, and
 * the tests hold each to zod's answers (tooling/storedReaders.test.ts).
 */
export const readers = compiled as StoredReaders;
