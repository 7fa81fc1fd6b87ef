declare module 'virtual:studyforge/stored-readers' {
  /** One compiled reader per schema of src/app/storedValueSchemas.ts; typed by src/kernel/stored/readers.ts. */
  export const readers: Readonly<Record<string, (value: unknown) => unknown>>;
}
