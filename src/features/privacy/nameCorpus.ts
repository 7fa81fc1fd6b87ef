/*
 * Names as teachers and students write them, in every tool that takes
 * personal text: the inputs of the name corpus test (tooling/nameCorpus.registry.test.ts).
 * Each input says which names must never reach the model. The writings are
 * the ones an attack run found leaking: a lone unfamiliar name mid-sentence
 * or opening the notes, twins, lists of first names, names in small letters,
 * names that are also words (Grace, Will, Rose, Mark), possessives, e-mail
 * addresses, names in Chinese, Cyrillic, Arabic, Devanagari or Hangul inside
 * English text, and names glued to other text ("AmiraHaddad").
 */

export interface CorpusInput {
  tool: string;
  /** Which writing of a name it tries. */
  kind: string;
  /** The personal boxes' values; the tool's example fills the rest. */
  values: Record<string, string>;
  /** Every name that must not be in the request, as written. */
  names: string[];
}

interface Pupil {
  first: string;
  last: string;
}

/** First and last names from many cultures; twins share a surname. */
const PUPILS: readonly Pupil[] = [
  { first: 'Ngozi', last: 'Adeyemi' }, { first: 'Chidi', last: 'Okafor' }, { first: 'Kwame', last: 'Mensah' }, { first: 'Amira', last: 'Haddad' },
  { first: 'Priya', last: 'Raman' }, { first: 'Siobhan', last: 'O’Brien' }, { first: 'José', last: 'Núñez' }, { first: 'Łukasz', last: 'Wójcik' },
  { first: 'Ayşe', last: 'Yılmaz' }, { first: 'Haruto', last: 'Sato' }, { first: 'Aroha', last: 'Ngata' }, { first: 'Thandiwe', last: 'Dlamini' },
  { first: 'Oluwaseun', last: 'Adebayo' }, { first: 'Tenzin', last: 'Dorje' }, { first: 'Zainab', last: 'Yusuf' }, { first: 'Emeka', last: 'Nwosu' },
  { first: 'Ifeoma', last: 'Eze' }, { first: 'Sione', last: 'Tupou' }, { first: 'Xochitl', last: 'Hernández' }, { first: 'Bilal', last: 'Qureshi' },
  { first: 'Nadia', last: 'Rahman' }, { first: 'Mateus', last: 'Silva' }, { first: 'Chiamaka', last: 'Obi' }, { first: 'Lwazi', last: 'Nkosi' },
  { first: 'Ananya', last: 'Iyer' }, { first: 'Kai', last: 'Nakamura' }, { first: 'Leilani', last: 'Kahale' }, { first: 'Dmitri', last: 'Volkov' },
  { first: 'Saoirse', last: 'MacGrath' }, { first: 'Tariq', last: 'D’Souza' }, { first: 'Wei', last: 'Zhang' }, { first: 'Mei', last: 'Lin' },
];

/** Twins: the second name is the one a teacher mentions in passing. */
const TWINS: readonly (readonly [string, string])[] = [['Wei', 'Jun'], ['Ngozi', 'Chinedu'], ['Aarav', 'Anika'], ['Yusra', 'Yasmin'], ['Tomás', 'Mateo'], ['Oksana', 'Taras']];

/** Names in their own script, inside English notes. */
const SCRIPTS: readonly string[] = ['王小明', 'Иван Петров', 'أحمد', 'प्रिया शर्मा', '김민준', 'Мария Соколова', 'فاطمة الزهراء', '李华'];

/** Names that are everyday words too, written as names: mid-sentence, with a capital. */
const WORD_NAMES: readonly (readonly [string, string])[] = [['Grace', 'Will'], ['Rose', 'Mark'], ['Will', 'Rose'], ['Mark', 'Grace']];

interface Snippet {
  kind: string;
  text: string;
  names: string[];
}

const lower = (name: string) => name.toLocaleLowerCase('en');
const plain = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’']/gu, '').replace(/ı/gu, 'i').replace(/ł/gu, 'l');

/** The writings tried, each a sentence or two, for the nth input. */
function snippets(n: number): Snippet[] {
  const a = PUPILS[n % PUPILS.length]!;
  const b = PUPILS[(n + 7) % PUPILS.length]!;
  const c = PUPILS[(n + 13) % PUPILS.length]!;
  const d = PUPILS[(n + 19) % PUPILS.length]!;
  const [twin, other] = TWINS[n % TWINS.length]!;
  const [word1, word2] = WORD_NAMES[n % WORD_NAMES.length]!;
  const script = SCRIPTS[n % SCRIPTS.length]!;
  const email = `${lower(plain(a.first))}.${lower(plain(a.last))}@school.org`;
  return [
    { kind: 'opens the notes', text: `${a.first}, Year 5, works hard and asks good questions.`, names: [a.first] },
    { kind: 'opens a sentence', text: `Settled well this term. ${b.first} finished the reading log early.`, names: [b.first] },
    { kind: 'lone name mid-sentence', text: `During the experiment the group listened while ${c.first} explained the method.`, names: [c.first] },
    { kind: 'full name', text: `${a.first} ${a.last} led the discussion about the river.`, names: [a.first, a.last] },
    { kind: 'twins', text: `${twin} is kind to everyone. Her twin ${other} is in the other class.`, names: [twin, other] },
    { kind: 'list of first names', text: `Presenters: ${a.first}, ${b.first}, ${c.first} and ${d.first}.`, names: [a.first, b.first, c.first, d.first] },
    { kind: 'small letters', text: `The team chose ${lower(b.first)} as captain, and ${lower(c.first)} kept the score.`, names: [b.first, c.first] },
    { kind: 'names that are words', text: `On the trip, ${word1} helped ${word2} carry the tent.`, names: [word1, word2] },
    { kind: 'possessive', text: `We read ${d.first}’s story aloud, and ${a.first}'s poem too.`, names: [d.first, a.first] },
    { kind: 'e-mail address', text: `Send the feedback to ${email} before Friday.`, names: [email, plain(a.first), plain(a.last)] },
    { kind: 'glued to other text', text: `The slides were saved as ${plain(b.first)}${plain(b.last)}_final by mistake.`, names: [plain(b.first), plain(b.last), `${plain(b.first)}${plain(b.last)}`] },
    { kind: 'other script', text: `${script} joined the class this term and is learning English fast.`, names: [script] },
  ];
}

type Frame = (snippet: Snippet, n: number) => { values: Record<string, string>; names: string[] };

const only = (values: Record<string, string>, names: string[]) => ({ values, names });

/** Where each tool's personal text goes: the snippet in one of its boxes, everyday text in the rest. */
const FRAMES: Readonly<Record<string, Frame>> = {
  'report-card-generator': (s, n) =>
    n % 2 === 0
      ? only({ studentName: '', notes: `${s.text} Strong reader; rushes multi-step word problems.` }, s.names)
      : only({ studentName: 'Amara', notes: `Amara reads widely. ${s.text}` }, [...s.names, 'Amara']),
  'parent-communication-assistant': (s, n) =>
    n % 2 === 0
      ? only({ studentName: '', parentName: '', notes: `${s.text} Please practise times tables at home.` }, s.names)
      : only({ studentName: 'Leon', parentName: 'Mrs Abubakar', notes: `Leon improved in reading. ${s.text}` }, [...s.names, 'Leon', 'Abubakar']),
  'differentiated-text-generator': (s) => only({ originalText: `${s.text} The water cycle moves water between the sea, the air and the land.` }, s.names),
  'group-project-coordinator': (s, n) =>
    only(
      {
        requirements: 'A poster and five slides on renewable energy.',
        member1: n % 3 === 0 ? s.text : 'Researched solar panels and wrote two slides.',
        member2: n % 3 === 1 ? s.text : 'Drew the poster layout.',
        member3: n % 3 === 2 ? s.text : '',
      },
      s.names,
    ),
  'icebreaker-prompter': (s) => only({ topic: `Volcanoes. ${s.text}` }, s.names),
  'internship-email-assistant': (s) => only({ details: `Writing to the museum about a summer placement. ${s.text}` }, s.names),
  'lesson-plan-variator': (s) => only({ topic: `Photosynthesis (Year 8). ${s.text}` }, s.names),
  'resume-rewriter': (s, n) =>
    n % 2 === 0
      ? only({ resume: `${s.text}\nVolunteer tutor, Oakfield Library Homework Club, 2022 to 2023\n- helped with maths homework`, targetRole: 'Summer intern' }, s.names)
      : only({ resume: 'Barista, The Daily Grind Café, 2023 to present\n- served customers', targetRole: `Assistant to ${s.text}` }, s.names),
  'rubric-builder': (s, n) =>
    n % 2 === 0
      ? only({ assignmentType: 'Lab report', objectives: `States a clear aim\n${s.text}` }, s.names)
      : only({ assignmentType: `Group presentation. ${s.text}`, objectives: 'Speaks clearly\nUses evidence' }, s.names),
  'scholarship-coach': (s, n) =>
    n % 2 === 0
      ? only({ essayPrompt: 'Describe a challenge you have faced. (400 words maximum)', draft: `When I was 14 I looked after my brothers. ${s.text}` }, s.names)
      : only({ essayPrompt: `In memory of a teacher. ${s.text}`, draft: 'I want to study nursing because of my grandmother.' }, s.names),
  'student-misconception-spotter': (s) => only({ topic: `Fractions (Year 5). ${s.text}` }, s.names),
};

/** Tools the corpus covers (the test fails if a tool with personal fields is missing). */
export const corpusTools = Object.keys(FRAMES);

/** Every tool, every writing, with two sets of names each: 264 inputs. */
export function nameCorpus(): CorpusInput[] {
  const inputs: CorpusInput[] = [];
  for (const [tool, frame] of Object.entries(FRAMES)) {
    for (const round of [0, 1]) {
      snippets(round * 5 + tool.length).forEach((snippet, index) => {
        const { values, names } = frame(snippet, index + round);
        inputs.push({ tool, kind: snippet.kind, values, names });
      });
    }
  }
  return inputs;
}
