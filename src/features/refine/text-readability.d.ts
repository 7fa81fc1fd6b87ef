/* The part of text-readability (a port of Python's textstat) the reading-level badge uses; the package ships no types. */
declare module 'text-readability' {
  interface Readability {
    fleschKincaidGrade(text: string): number;
    colemanLiauIndex(text: string): number;
    lexiconCount(text: string, removePunctuation?: boolean): number;
  }
  const readability: Readability;
  export default readability;
}
