declare module 'virtual:studyforge/stored-readers' {
  /** One compiled reader per schema of src/engine/stored/schemas.ts; typed by src/engine/stored/readers.ts. */
  export const readers: Readonly<Record<string, (value: unknown) => unknown>>;
}
