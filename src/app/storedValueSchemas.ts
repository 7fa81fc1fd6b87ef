import { kernelStoredValueSchemas, predicates, type StoredValueName, type StoredValueSchemas } from '../kernel/stored/schemas';
import { projectStoredValueSchemas } from '../features/projects/checks';

/*
 * Every schema the first load reads storage with: the kernel's and each
 * feature's, composed here, where the app is. The build evaluates this file in
 * Node and compiles each schema into a plain check
 * (`virtual:studyforge/stored-readers`, tooling/storedReadersPlugin.ts); the
 * app never imports it. `satisfies` makes a value a feature declared in
 * StoredValueSchemas but left out of this list a type error here.
 */
export const storedValueSchemas = {
  ...kernelStoredValueSchemas,
  ...projectStoredValueSchemas,
} satisfies { readonly [K in StoredValueName]: StoredValueSchemas[K] };

/** The predicates the schemas' refinements name, as the compiler finds them. */
export { predicates };
