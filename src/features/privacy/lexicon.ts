/*
 * What compromise's English lexicon (about 24,000 words, first names
 * included) says about one word, for the name finder and the flagger: a word
 * it knows only as a name, a word it knows as an everyday word, a word it does
 * not know but that is built like an English word ("fractions", "photosynthesis"),
 * or a word it does not know at all, which in notes about people is most
 * often a name ("Ngozi", "Kwame").
 */

type Nlp = typeof import('compromise').default;
type Words = readonly string[];
type Lexicon = Readonly<Record<string, string | string[] | undefined>>;

/** Tags compromise gives a word it knows only as a name. */
const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'LastName', 'Person']);

/** First names that are everyday words too: only their capitalised uses are names ("Will" but not "I will"). */
export const NAMES_THAT_ARE_WORDS = new Set([
  'amber', 'angel', 'april', 'art', 'august', 'autumn', 'bill', 'bob', 'brook', 'buck', 'carol', 'chase', 'cliff', 'cooper', 'crystal', 'daisy',
  'dawn', 'dean', 'don', 'drew', 'eve', 'faith', 'fern', 'forest', 'frank', 'gene', 'glen', 'grace', 'guy', 'harmony', 'hazel', 'heath', 'heather',
  'holly', 'hope', 'hunter', 'iris', 'ivy', 'jack', 'jay', 'joy', 'june', 'lane', 'lee', 'lily', 'mark', 'mason', 'max', 'may', 'mercy', 'miles',
  'olive', 'pat', 'patience', 'pearl', 'penny', 'poppy', 'prudence', 'rich', 'river', 'rob', 'robin', 'rose', 'rosemary', 'ruby', 'sage', 'sandy',
  'sky', 'star', 'sue', 'summer', 'sunny', 'victor', 'violet', 'will', 'wren',
]);

/** Words of school notes compromise's lexicon and the everyday list leave out, capitalised in notes but no one's name. */
const SCHOOL_WORDS = new Set([
  'maths', 'math', 'english', 'science', 'history', 'geography', 'pe', 'art', 'music', 'drama', 'french', 'spanish', 'german', 'computing', 'biology',
  'chemistry', 'physics', 'phonics', 'literacy', 'numeracy', 'assembly', 'year', 'grade', 'term', 'unit', 'module', 'topic', 'homework', 'reading',
  'writing', 'spelling', 'grammar', 'handwriting', 'algebra', 'geometry', 'fractions', 'decimals', 'python', 'scratch', 'java', 'javascript', 'excel',
  'powerpoint', 'google', 'teams', 'zoom', 'gcse', 'sats', 'ks1', 'ks2', 'ks3', 'ks4', 'sen', 'senco', 'ehcp', 'ta', 'reception', 'nursery', 'sixth',
  'form', 'tutor', 'head', 'deputy', 'miss', 'sir', 'mum', 'dad', 'mr', 'mrs', 'ms', 'dr', 'latin', 'greek', 'mandarin', 'arabic', 'urdu', 'hindi',
  'religious', 'education', 'citizenship', 'economics', 'business', 'design', 'technology', 'ict', 'dt', 're', 'pshe', 'rshe', 'ib', 'ap', 'pe',
  'essay', 'lab', 'report', 'presentation', 'poster', 'project', 'portfolio', 'exam', 'quiz', 'test', 'coursework', 'assessment', 'rubric', 'solutions',
  'computer', 'analytics', 'data', 'chapter', 'article', 'source', 'volume', 'society', 'role', 'atom', 'carbon', 'robotics', 'club', 'slides', 'debate',
  'barista', 'cashier', 'intern', 'internship', 'volunteer', 'lifeguard', 'babysitter', 'congrats', 'worksheet', 'whiteboard', 'textbook', 'timetable', 'playground', 'classroom', 'lunchtime', 'breaktime', 'email', 'online', 'website', 'youtube',
]);

/**
 * Endings only English words have (no first or last name this finder has
 * met ends so): a word unknown to the lexicon but ending so is a word.
 */
const ENGLISH_ENDINGS = /(?:tion|sion|ment|ness|ity|ism|ology|ography|ics|ous|ive|able|ible|ful|less|sis|phyll|cyte|ship|hood|ware|wise|ium|ysis|ogen|zyme|plasm|cule|scope|graph|gram|meter|metre|ular|ette|ance|ence|ency|ancy|ise|ize|ify|ated|ating|ates|ist|ists)$/u;

/** Inflections whose stem is in the lexicon make a word: "fractions", "rushed", "rereading", "kindest". */
const INFLECTIONS: readonly (readonly [RegExp, string])[] = [
  [/ies$/u, 'y'], [/es$/u, ''], [/s$/u, ''], [/'s$/u, ''], [/ied$/u, 'y'], [/ed$/u, ''], [/ed$/u, 'e'], [/(.)\1ed$/u, '$1'], [/ing$/u, ''], [/ing$/u, 'e'],
  [/(.)\1ing$/u, '$1'], [/er$/u, ''], [/est$/u, ''], [/ly$/u, ''], [/ily$/u, 'y'], [/^re/u, ''], [/^un/u, ''], [/^pre/u, ''], [/^over/u, ''], [/^mis/u, ''],
];

export interface WordKnowledge {
  /** The word's lexicon tags, if the lexicon has it (lower case). */
  tags(word: string): readonly string[] | undefined;
  /** Known only as a name ("siobhan", "haruto"): no everyday use. */
  nameOnly(word: string): boolean;
  /** Known as a name at all, everyday word or not ("grace", "mark", "siobhan"). */
  knownName(word: string): boolean;
  /** In the lexicon or the everyday list as something other than a name ("table", "will"). */
  everydayWord(word: string): boolean;
  /** A word of English: in the lexicon as something other than a name, an inflection of one, or built with an English ending. */
  english(word: string): boolean;
  /** Two known words written as one ("worksheet", "timetable"). */
  compound(word: string): boolean;
  /** compromise reads the word alone as a place, a date, a language, an adjective or a verb: no one's name. */
  notAPerson(word: string): boolean;
  /** A month, a day or a place ("June", "May", "Lagos"): a capital there is the word's own. */
  dateOrPlace(word: string): boolean;
  nlp: Nlp;
}

let loaded: Promise<WordKnowledge> | undefined;

/** compromise, loaded once and only when a personal box holds something. */
export function wordKnowledge(): Promise<WordKnowledge> {
  loaded ??= Promise.all([import('compromise'), import('text-readability/easy_words.js')]).then(([{ default: nlp }, { default: easyWords }]) => knowledgeOf(nlp, easyWords));
  // A failed load (offline) is tried again next time.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

function knowledgeOf(nlp: Nlp, easyWords: Words): WordKnowledge {
  const easy = new Set(easyWords);
  const { lexicon } = (nlp.model() as { one: { lexicon: Lexicon } }).one;
  const tags = (word: string) => {
    const known = lexicon[word.toLowerCase()];
    return known === undefined ? undefined : [known].flat();
  };
  // "Mrs" is tagged a person too, as an honorific: a title, not a name.
  const isNameTags = (list: readonly string[]) => !list.includes('Honorific') && list.every((tag) => NAME_TAGS.has(tag));
  const everyday = (word: string) => {
    if (easy.has(word) || SCHOOL_WORDS.has(word)) return true;
    const list = tags(word);
    return list !== undefined && !isNameTags(list);
  };
  const nameOnly = (word: string) => {
    const list = tags(word);
    return list !== undefined && isNameTags(list) && !NAMES_THAT_ARE_WORDS.has(word.toLowerCase());
  };
  const english = (word: string) => {
    const lower = word.toLowerCase().replace(/[’]/gu, "'");
    if (everyday(lower) || NAMES_THAT_ARE_WORDS.has(lower)) return true;
    if (tags(lower) !== undefined) return false;
    if (lower.length >= 7 && ENGLISH_ENDINGS.test(lower)) return true;
    return INFLECTIONS.some(([ending, stem]) => {
      const base = lower.replace(ending, stem);
      return base !== lower && base.length >= 3 && everyday(base);
    });
  };
  const compound = (word: string) => {
    const lower = word.toLowerCase();
    for (let cut = 3; cut <= lower.length - 3; cut++) if (english(lower.slice(0, cut)) && english(lower.slice(cut))) return true;
    return false;
  };
  const readings = new Map<string, boolean>();
  const notAPerson = (word: string) => {
    // "D’Souza", "O’Neill": compromise reads the apostrophe as a contraction ("do"), but the word is a surname.
    if (/^\p{Lu}['’]\p{Lu}/u.test(word)) return false;
    let reading = readings.get(word);
    if (reading === undefined) {
      reading = nlp(word).has('(#Place|#Organization|#Demonym|#Date|#Adjective|#Adverb|#Verb|#Value|#Language|#Pronoun|#Determiner|#Preposition|#Conjunction)');
      // Bounded: the words of the notes in one tab.
      if (readings.size < 20_000) readings.set(word, reading);
    }
    return reading;
  };
  const dateOrPlace = (word: string) => nlp(word).has('(#Date|#Place)');
  const knownName = (word: string) => {
    const list = tags(word) ?? [];
    return !list.includes('Honorific') && list.some((tag) => NAME_TAGS.has(tag));
  };
  return { tags, dateOrPlace, nameOnly, everydayWord: (word) => everyday(word.toLowerCase()), knownName, english, compound, notAPerson, nlp };
}
