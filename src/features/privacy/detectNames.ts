import { fold } from './placeholders';
import { wordKnowledge, type WordKnowledge } from './lexicon';
import { namesByRule, type FoundName } from './nameRules';

/*
 * Person names in free text, found without being told (names typed in a name
 * box need no finding). Two finders: compromise, an English language library
 * that runs in the browser (loaded only when a personal text box holds
 * something), knows first and last names from many cultures ("Wei Zhang",
 * "Siobhan O'Brien") and reads a capitalised pair of unknown words as a name;
 * the rules of nameRules.ts find what it misses in notes ("Ngozi, Year 5",
 * "her twin Jun", "王小明", an e-mail address). What both miss is flagged
 * to the user before sending (flagNames.ts).
 */

/** Never a person, though written with a capital: places, bodies, dates, languages, numbers. */
const NOT_PEOPLE = '(#Place|#Organization|#Date|#Language|#Acronym|#Value|#Pronoun)';

function tidy(candidate: string): string {
  return candidate
    .replace(/[\s.,;:!?)"”]+$/u, '')
    .replace(/^[\s("“]+/u, '')
    .replace(/['’]s$/u, '')
    // "Mrs. Okafor" is Okafor: the title stays in the text, the name goes.
    .replace(/^(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof)\.?\s+/u, '')
    .trim();
}

function byCompromise(text: string, lexicon: WordKnowledge): FoundName[] {
  const doc = lexicon.nlp(text);
  const candidates = [
    ...doc.match('#Person+').not('#Honorific').out('array'),
    // Two or more capitalised words together, none of them a place or a date: a full name compromise does not know.
    ...doc.match('#ProperNoun #ProperNoun+').not(NOT_PEOPLE).out('array'),
  ] as string[];
  const folded = fold(text);
  const found: FoundName[] = [];
  for (const candidate of candidates) {
    // "Maths, Science" is a list, not a name.
    if (/[,;:]\s/.test(candidate)) continue;
    const name = tidy(candidate);
    if (name.length < 2 || !/^\p{Lu}/u.test(name)) continue;
    // Everyday words ("Solar System", "Persuasive Essay", "January") are not a person.
    const words = name.split(/\s+/u);
    if (words.every((word) => (lexicon.english(word) || lexicon.notAPerson(word)) && !lexicon.knownName(word))) continue;
    const start = folded.indexOf(fold(name));
    found.push({ name, start: start < 0 ? text.length : start, titled: /(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof)\.?\s+$/u.test(text.slice(0, Math.max(0, start))) });
  }
  return found;
}

/**
 * Names one after the other ("Ngozi Adeyemi", found word by word) are one
 * person's full name: one placeholder, never two people.
 */
function joinFullNames(text: string, found: readonly FoundName[]): FoundName[] {
  const sorted = [...found].sort((a, b) => a.start - b.start || b.name.length - a.name.length);
  const joined: FoundName[] = [];
  for (const name of sorted) {
    const last = joined.at(-1);
    // A full name has a few words: a run of fifty unknown words is fifty names, not one.
    if (last && last.name.split(' ').length < 4 && text.slice(last.start, name.start).length === last.name.length + 1 && /^\s$/u.test(text.charAt(last.start + last.name.length)) && !/[@]/u.test(last.name + name.name)) {
      joined[joined.length - 1] = { ...last, name: `${last.name} ${name.name}` };
    } else if (!last || name.start >= last.start + last.name.length) {
      joined.push(name);
    }
  }
  return joined;
}

/** The people named in a text, in the order they first appear, each once (however it is written). */
export async function findPersonNames(text: string): Promise<FoundName[]> {
  if (text.trim() === '') return [];
  const lexicon = await wordKnowledge();
  const all = joinFullNames(text, [...byCompromise(text, lexicon), ...namesByRule(text, lexicon)]);
  const seen = new Set<string>();
  return all.filter(({ name }) => {
    const key = fold(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function detectPersonNames(text: string): Promise<string[]> {
  return (await findPersonNames(text)).map((found) => found.name);
}

/**
 * Whether a one-word name is also an everyday English word ("Will", "Rose",
 * "Mark"), so only its capitalised uses are the name: "I will" and "a mark
 * of 8" stay as they are. A name compromise does not know ("Amira") is not.
 */
export async function isEnglishWord(name: string): Promise<boolean> {
  const word = name.trim().toLowerCase();
  if (word === '' || /\s/.test(word)) return false;
  const lexicon = await wordKnowledge();
  if (lexicon.nameOnly(word)) return false;
  if (lexicon.english(word)) return true;
  // Unknown to the lexicon: a word only if its ending makes it one ("sunny", "quickly"), not the noun every unknown word is guessed to be.
  return lexicon.nlp(word).has('(#Adjective|#Verb|#Adverb)');
}
