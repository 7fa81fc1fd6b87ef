import type { WordKnowledge } from './lexicon';
import { gluedWords, isCapitalised, tokensOf, withoutPossessive, type Token } from './tokens';

/*
 * The rules that find the names compromise misses in teachers' notes: a
 * lone unfamiliar name ("Ngozi, Year 5"), a list of first names, a name after
 * "twin" or "Mrs", a name in another script inside English text, an e-mail
 * address (its local part names someone), two names glued together
 * ("AmiraHaddad"). Each found name comes with where it starts, so the first
 * person in the notes can be told apart from the rest.
 */

export interface FoundName {
  name: string;
  start: number;
  /** Written after a title ("Mrs Okafor"): an adult, never the student a blank name box stands for. */
  titled: boolean;
}

const TITLES = /^(?:mr|mrs|ms|mx|miss|dr|prof|sir|dame|mme|mlle|herr|frau|señor|señora|sra|sr)$/iu;

/** Words after which a capitalised word is a person, whatever else it could be ("her twin Jun", "called Will"). */
const PERSON_CUES = new Set([
  'twin', 'twins', 'brother', 'sister', 'cousin', 'friend', 'friends', 'mum', 'mom', 'mother', 'dad', 'father', 'son', 'daughter', 'partner',
  'classmate', 'classmates', 'pupil', 'pupils', 'student', 'students', 'named', 'called', 'aunt', 'uncle', 'grandma', 'grandmother', 'grandad',
  'grandpa', 'grandfather', 'stepbrother', 'stepsister', 'stepmum', 'stepdad', 'carer', 'guardian', 'buddy', 'neighbour', 'neighbor', 'teammate',
  'teammates', 'peer', 'child', 'boy', 'girl', 'baby', 'nephew', 'niece', 'husband', 'wife', 'tutor', 'teacher', 'coach', 'manager', 'mentor',
  'supervisor', 'dear', 'hi', 'hello', 'thanks', 'with', 'and', 'or', 'asked', 'told', 'helped', 'ask', 'tell', 'contact', 'contacted', 'emailed',
  'met', 'beside', 'between',
]);

/** Cue words that follow a name ("Ngozi said", "Jun was"): a capital at a sentence's start before them is a name. */
const FOLLOWS_A_NAME = /^(?:is|was|has|had|does|did|can|could|will|would|should|may|might|must|and|or|&|says|said|likes|loves|needs|wants|tries|finds|reads|writes|works|worked|finished|struggles|struggled|enjoys|enjoyed|joined|missed|scored|got|gets|made|makes|showed|shows|helped|helps|asked|asks|found|seems|seemed|often|always|never|sometimes|still|also|really|now|then)$/iu;

/** Scripts that write names inside English notes ("王小明", "Иван", "أحمد"); Greek is left out: α and π are maths. */
const OTHER_SCRIPT = /(?:[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Thai}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Ethiopic}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Lao}\p{Script=Myanmar}][\p{M}\u200c\u200d]*)+/u;
const OTHER_SCRIPT_RUN = new RegExp(`${OTHER_SCRIPT.source}(?:[ \\u00a0]+${OTHER_SCRIPT.source})*`, 'gu');

const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** Words that make a title-case run an organisation or a place, not a person ("Oakfield Library", "Hill Street"). */
const ORGANISATION_WORDS = /^(?:school|academy|college|university|library|club|café|cafe|street|road|avenue|lane|hospital|centre|center|park|trust|council|museum|church|mosque|temple|foundation|company|ltd|inc|group|society|institute|hall|house|team|fc|united|city|county|primary|secondary|high|bank|store|shop|market|ward|clinic)$/iu;

/** A capitalised word that is no English word: most often a name in notes about people. */
export const unfamiliar = (word: string, lexicon: WordKnowledge): boolean => !lexicon.english(word) && !lexicon.knownName(word) && !lexicon.notAPerson(word);

/** Prepositions after which an unfamiliar capitalised word is more often a thing or a place ("in Python", "at Oakfield"): flagged, not replaced. */
const THING_PREPOSITIONS = /^(?:in|at|on|of|into|using|about|via|through|for)$/iu;

/** How far along a run of capitalised words an organisation word is looked for: a name of a school is short, and a pasted title-case page must cost a word a bounded look. */
const ORGANISATION_REACH = 4;

export function inOrganisation(tokens: readonly Token[], index: number): boolean {
  if (ORGANISATION_WORDS.test(tokens[index]!.text)) return true;
  for (const step of [1, -1]) {
    for (let i = index + step, seen = 0; seen < ORGANISATION_REACH && i >= 0 && i < tokens.length && isCapitalised(tokens[i]!.text); i += step, seen++) {
      if (ORGANISATION_WORDS.test(tokens[i]!.text)) return true;
      if (/[^\s]/u.test(step === 1 ? tokens[i]!.before : tokens[i]!.after)) break;
    }
  }
  return false;
}

/** Whether the text is mostly Latin letters: then a word in another script in it is taken for a name. */
function mostlyLatin(text: string): boolean {
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  const other = text.match(/[\p{L}]/gu)?.length ?? 0;
  return latin > (other - latin) * 2;
}

export function namesByRule(text: string, lexicon: WordKnowledge): FoundName[] {
  const found: FoundName[] = [];
  const add = (name: string, start: number, titled = false) => name.length >= 2 && found.push({ name, start, titled });
  for (const match of text.matchAll(EMAIL)) add(match[0].replace(/[.'-]+$/u, ''), match.index);
  if (mostlyLatin(text)) for (const match of text.matchAll(OTHER_SCRIPT_RUN)) if ([...match[0]].length >= 2) add(match[0], match.index);
  const withoutEmails = text.replace(EMAIL, (address) => ' '.repeat(address.length));
  const tokens = tokensOf(withoutEmails);
  const nameLike = (token: Token) => {
    const word = withoutPossessive(token.text);
    return isCapitalised(word) && (lexicon.knownName(word) || unfamiliar(word, lexicon));
  };
  tokens.forEach((token, index) => {
    const word = withoutPossessive(token.text);
    const previous = tokens[index - 1];
    const glued = gluedWords(word);
    if (glued) {
      // "AmiraHaddad", not "PowerPoint": glued words of which one at least is a name.
      if (glued.some((part) => lexicon.knownName(part) || unfamiliar(part, lexicon)) && !glued.every((part) => lexicon.english(part))) add(glued.join(' '), token.start);
      return;
    }
    if (!isCapitalised(word)) return;
    const joined = previous !== undefined && /^\s+$/u.test(token.before);
    if (previous && joined && TITLES.test(previous.text)) return add(word, token.start, true);
    if (previous && /^\.\s+$/u.test(token.before) && TITLES.test(previous.text)) return add(word, token.start, true);
    if (previous && joined && PERSON_CUES.has(previous.text.toLowerCase()) && !lexicon.english(word)) return add(word, token.start);
    if (previous && joined && PERSON_CUES.has(previous.text.toLowerCase()) && /^(?:twins?|brother|sister|friend|named|called|cousin)$/iu.test(previous.text)) return add(word, token.start);
    if (!unfamiliar(word, lexicon) || inOrganisation(tokens, index)) return;
    if (previous && joined && THING_PREPOSITIONS.test(previous.text)) return;
    const next = tokens[index + 1];
    const possessive = word !== token.text;
    const comma = /^\s*[,(]/u.test(token.after);
    const nameFollows = next !== undefined && /^\s+$/u.test(token.after) && (FOLLOWS_A_NAME.test(next.text) || nameLike(next));
    // At a sentence's start any word has a capital: there it takes a comma, a possessive, a verb or a surname after it to be a name.
    if (!token.opensSentence || possessive || comma || nameFollows) add(word, token.start);
  });
  // A list of first names ("Ngozi, Jun, Amira and Kwame"): most of it names, so all of it is.
  for (const list of namesLists(tokens)) {
    const likely = list.filter(nameLike).length;
    if (likely >= 2 && likely * 2 >= list.length + 1) for (const token of list) add(withoutPossessive(token.text), token.start);
  }
  return found;
}

/** Runs of single capitalised words joined by commas, "and" or "&" ("Ngozi, Jun and Amira"). */
function namesLists(tokens: readonly Token[]): Token[][] {
  const lists: Token[][] = [];
  const capital = (i: number) => tokens[i] !== undefined && isCapitalised(withoutPossessive(tokens[i]!.text));
  for (let i = 0; i < tokens.length; i++) {
    if (!capital(i)) continue;
    const list = [tokens[i]!];
    let at = i;
    for (;;) {
      const after = tokens[at]!.after;
      if (/^\s*(?:,|&|,\s*&)\s*$/u.test(after) && capital(at + 1)) at += 1;
      else if (/^,?\s+$/u.test(after) && /^and$/iu.test(tokens[at + 1]?.text ?? '') && /^\s+$/u.test(tokens[at + 1]!.after) && capital(at + 2)) at += 2;
      else break;
      list.push(tokens[at]!);
    }
    if (list.length >= 2) lists.push(list);
    i = at;
  }
  return lists;
}
