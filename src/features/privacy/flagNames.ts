import { wordKnowledge, NAMES_THAT_ARE_WORDS, type WordKnowledge } from './lexicon';
import { inOrganisation, unfamiliar } from './nameRules';
import { fold } from './placeholders';
import { gluedWords, isCapitalised, isLowerCase, tokensOf, withoutPossessive, type Token } from './tokens';

/*
 * The words that may be names and would still leave as they are, shown to
 * the user beside Generate ("These look like names and will be sent: Ngozi,
 * Jun") with one tap to replace them. Read on the text as it would be sent,
 * names already replaced, so a word is flagged only if it would really go.
 * It asks for less evidence than the finder: a wrong flag costs a glance, a
 * missed name a child's privacy.
 */

/** Placeholder words in a text that was already hidden ("Student A"), never flagged. */
const PLACEHOLDER_WORDS = /^(?:Student|Parent|Teacher|Person|Family)$/u;

/** Small words a list of flags would never hold, however they are written. */
const TOO_SHORT = 2;

/**
 * Name-like words in texts (each already hidden), each once, in the order
 * they first appear: any capitalised word no English word, a known name
 * written with a capital mid-sentence (Grace, Will, Rose, Mark), a word
 * known only as a name in small letters ("siobhan"), and an unknown small
 * word that is no English word either ("ngozi").
 */
export async function flagNameLikeWords(texts: readonly string[]): Promise<string[]> {
  const filled = texts.filter((text) => text.trim() !== '');
  if (filled.length === 0) return [];
  const lexicon = await wordKnowledge();
  const flags = new Map<string, string>();
  const flag = (word: string) => {
    const key = fold(word);
    if (!flags.has(key)) flags.set(key, word);
  };
  for (const text of filled) {
    const tokens = tokensOf(text);
    tokens.forEach((token, index) => {
      const word = withoutPossessive(token.text);
      if (word.length < TOO_SHORT || /\d/u.test(word)) return;
      if (PLACEHOLDER_WORDS.test(word) && /^\s+\p{Lu}{1,2}\b/u.test(token.after)) return;
      const glued = gluedWords(word);
      // "SiobhanOBrien": glued words of which one at least may be a name.
      if (glued) {
        if (glued.some((part) => !lexicon.english(part))) flag(word);
        return;
      }
      if (isCapitalised(word)) {
        const unknown = unfamiliar(word, lexicon) && !inOrganisation(tokens, index);
        const nameMidSentence = !token.opensSentence && (lexicon.knownName(word) || NAMES_THAT_ARE_WORDS.has(word.toLowerCase())) && !lexicon.dateOrPlace(word);
        // A capital after a title word of a heading ("Year", "Unit") is no name; a capitalised run of everyday words is a title.
        if (unknown || lexicon.nameOnly(word) || (nameMidSentence && !titleCaseRun(tokens, index, lexicon))) flag(word);
        return;
      }
      if (!isLowerCase(word)) return;
      const cue = index > 0 && /^\s+$/u.test(token.before) && PERSON_CUES.test(tokens[index - 1]!.text);
      if (cue && !lexicon.everydayWord(word)) return flag(word);
      if (word.length < 3) return;
      if (lexicon.nameOnly(word)) return flag(word);
      if (!lexicon.english(word) && !lexicon.compound(word) && lexicon.tags(word) === undefined && nameShaped(word) && !englishGuess(lexicon, word)) flag(word);
    });
  }
  return [...flags.values()];
}

/** Words after which a word in small letters is someone's name ("her twin jun", "mrs okafor": notes typed fast drop capitals from titles too). */
const PERSON_CUES = /^(?:twins?|brother|sister|cousin|friend|named|called|mum|dad|mother|father|son|daughter|dear|hi|hello|mr|mrs|ms|mx|miss|dr|prof)\.?$/iu;

/**
 * A word in small letters that no English word resembles: written with an
 * accent ("josé"), or ending in a vowel English nouns seldom end in
 * ("ngozi", "amira", "kwame"), or opening with sounds English words do not
 * ("ngata", "tlaloc", "xiadani"), or holding them ("tariq", "oluwaseun", "mateus").
 */
function nameShaped(word: string): boolean {
  return /q(?!u)|uw|eun$|eus$/u.test(word) || /[\p{M}\u00c0-\u024f]/u.test(word.normalize('NFC').replace(/[a-z'’-]/gu, '')) || /[aiou]$/u.test(word) || /(?:[^aeiou][^aeiouy]e|we)$/u.test(word) || /^(?:ng|nk|mb|nd|kw|zh|xi|tl|dz|ts|q[^u]|hy|dj|bh|dh|gh|kh|th[aiu]|sh[aiu])/u.test(word);
}

/** compromise's own guess for a word it has no entry for: an adverb or adjective by its ending ("sunny", "quickly") is English. */
function englishGuess(lexicon: WordKnowledge, word: string): boolean {
  return lexicon.nlp(word).has('(#Adjective|#Adverb|#Verb|#Plural)');
}

/** Part of a run of capitalised everyday words ("Introduction To The Solar System"): a heading, not a name. */
function titleCaseRun(tokens: ReturnType<typeof tokensOf>, index: number, lexicon: WordKnowledge): boolean {
  const token = tokens[index]!;
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  const heading = (neighbour: Token | undefined) => neighbour !== undefined && isCapitalised(neighbour.text) && lexicon.english(neighbour.text) && !lexicon.knownName(neighbour.text);
  return (/^\s+$/u.test(token.before) && heading(before)) || (/^\s+$/u.test(token.after) && heading(after));
}
