/*
 * A registry file's `subjects` and `keywords`, checked while the
 * registry assembles. They go into the search index that loads when someone
 * starts searching, so the limits keep that index small and every term a
 * word or two people would actually type; lowercase, because that is how the
 * index is matched (the query is lower-cased, the terms are not).
 */

export const SEARCH_TERM_LIMITS = {
  subjects: 10,
  keywords: 20,
  /** Characters in one term: 'religious studies' fits, a sentence does not. */
  length: 30,
} as const;

const EXAMPLES = {
  subjects: "subjects: ['biology', 'science']",
  keywords: "keywords: ['test', 'exam', 'revise']",
} as const;

export function searchTermProblems(file: string, tool: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of ['subjects', 'keywords'] as const) {
    const terms = tool[key];
    if (terms === undefined) continue;
    if (!Array.isArray(terms)) {
      problems.push(`${file}: ${key} must be a list of short lowercase words, e.g. ${EXAMPLES[key]}.`);
      continue;
    }
    const max = SEARCH_TERM_LIMITS[key];
    if (terms.length > max) {
      problems.push(`${file}: ${key} has ${terms.length} entries. Keep the ${max} people are most likely to type.`);
    }
    const seen = new Set<string>();
    terms.forEach((term: unknown, i) => {
      const at = `${key}[${i}]`;
      if (typeof term !== 'string' || term.trim() === '') {
        problems.push(`${file}: ${at} is ${typeof term === 'string' ? 'blank' : `not text (${JSON.stringify(term) ?? String(term)})`}. Write a word people would search for, e.g. ${EXAMPLES[key]}, or remove it.`);
        return;
      }
      if (term.length > SEARCH_TERM_LIMITS.length) {
        problems.push(`${file}: ${at} has ${term.length} characters. Keep it to ${SEARCH_TERM_LIMITS.length}: a word or two, not a sentence.`);
      }
      if (term !== term.trim().toLowerCase()) {
        problems.push(`${file}: ${at} ${JSON.stringify(term)} must be lowercase without spaces around it. Write ${JSON.stringify(term.trim().toLowerCase())}.`);
      }
      if (seen.has(term)) problems.push(`${file}: ${at} repeats ${JSON.stringify(term)}. Remove the copy.`);
      seen.add(term);
    });
  }
  return problems;
}
