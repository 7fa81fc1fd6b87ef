/*
 * Person names in free text (issue 17), found by compromise, an English
 * language library that runs in the browser (loaded only when a personal text
 * box holds something). It knows first and last names from many cultures
 * ("Wei Zhang", "Siobhan O'Brien", "José Núñez-García") and reads a
 * capitalised pair of unknown words as a name ("Ngozi Adeyemi"). It misses
 * a single unknown name that opens a sentence ("Amira, Year 4"): that is why
 * a tool asks for the student's name in a field of its own, and why "What
 * will be sent" shows the request before it goes.
 */

/** Never a person, though written with a capital: places, bodies, dates, languages, numbers. */
const NOT_PEOPLE = '(#Place|#Organization|#Date|#Language|#Acronym|#Value|#Pronoun)';

export async function detectPersonNames(text: string): Promise<string[]> {
  if (text.trim() === '') return [];
  const nlp = (await import('compromise')).default;
  const doc = nlp(text);
  const candidates = [
    ...doc.match('#Person+').not('#Honorific').out('array'),
    // Two or more capitalised words together, none of them a place or a date: a full name compromise does not know.
    ...doc.match('#ProperNoun #ProperNoun+').not(NOT_PEOPLE).out('array'),
  ] as string[];
  const names = new Set<string>();
  for (const candidate of candidates) {
    // "Maths, Science" is a list, not a name.
    if (/[,;:]\s/.test(candidate)) continue;
    const name = candidate
      .replace(/[\s.,;:!?)"”]+$/u, '')
      .replace(/^[\s("“]+/u, '')
      // "Mrs. Okafor" is Okafor: the title stays in the text, the name goes.
      .replace(/^(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof)\.?\s+/u, '')
      .trim();
    if (name.length >= 2 && /^\p{Lu}/u.test(name)) names.add(name);
  }
  return [...names];
}

/** Tags compromise gives a word it knows only as a name. */
const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'LastName', 'Person', 'Honorific']);

/** Names compromise knows only as names, though they are everyday words too. */
const NAMES_THAT_ARE_WORDS = new Set(['april', 'august', 'carol', 'chase', 'dawn', 'don', 'drew', 'eve', 'grace', 'guy', 'ivy', 'jack', 'jay', 'june', 'mark', 'pat', 'ray', 'rich', 'rob', 'sky', 'sue']);

/**
 * Whether a one-word name is also an everyday English word ("Will", "Rose",
 * "Mark"), so only its capitalised uses are the name: "I will" and "a mark
 * of 8" stay as they are. A name compromise does not know ("Amira") is not.
 */
export async function isEnglishWord(name: string): Promise<boolean> {
  const word = name.trim().toLowerCase();
  if (word === '' || /\s/.test(word)) return false;
  if (NAMES_THAT_ARE_WORDS.has(word)) return true;
  const nlp = (await import('compromise')).default;
  const { lexicon } = (nlp.model() as { one: { lexicon: Record<string, string | string[] | undefined> } }).one;
  const known = lexicon[word];
  if (known !== undefined) return ![known].flat().some((tag) => NAME_TAGS.has(tag));
  // Unknown to the lexicon: a word only if its ending makes it one ("sunny", "quickly"), not the noun every unknown word is guessed to be.
  return nlp(word).has('(#Adjective|#Verb|#Adverb)');
}
