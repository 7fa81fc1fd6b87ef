import type { Page, Request } from '@playwright/test';

/*
 * Watches what a student's browser is given of an assigned quiz's answer
 * key: every JSON response the page receives, and the page itself. A
 * question's right option may reach the student only once they have
 * answered that question; before, it may appear only as one of the options,
 * shown exactly like the others. Also watched: a phrase from the teacher's
 * hidden instructions, which must never reach a student at all.
 */

export interface KeyedQuestion {
  question: string;
  options: string[];
  answer: string;
}

/** The quiz with its answers in a teacher's reply (the assignment as made): the first list of questions with answers in it. */
export function quizOf(reply: unknown): KeyedQuestion[] {
  const isKeyed = (item: unknown): item is KeyedQuestion =>
    !!item && typeof item === 'object' && typeof (item as KeyedQuestion).question === 'string' && Array.isArray((item as KeyedQuestion).options) && typeof (item as KeyedQuestion).answer === 'string';
  const search = (value: unknown): KeyedQuestion[] | undefined => {
    if (Array.isArray(value) && value.length > 0 && value.every(isKeyed)) return value.map(({ question, options, answer }) => ({ question, options, answer }));
    if (!value || typeof value !== 'object') return undefined;
    for (const item of Object.values(value)) {
      const found = search(item);
      if (found) return found;
    }
    return undefined;
  };
  return search(reply) ?? [];
}

/** A short answer ("1929") is matched whole, so a date or an id that happens to hold its digits is not taken for it. */
function holds(text: string, answer: string): boolean {
  const trimmed = text.trim();
  return trimmed === answer || (answer.length >= 8 && trimmed.includes(answer));
}

/** What a question looks like to a student before answering: these fields and no others. */
const STUDENT_QUESTION_KEYS = new Set(['question', 'options', 'difficulty']);

/** Where in `body` an answer the student has not earned yet appears (as a path), outside the options' lists. */
export function answerLeaks(body: unknown, key: readonly KeyedQuestion[], answered: ReadonlySet<number>, where = '$'): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: string, inOptions: boolean, inQuiz: boolean) => {
    if (typeof value === 'string') {
      if (inOptions) return;
      key.forEach((question, index) => {
        if (!answered.has(index) && holds(value, question.answer)) found.push(`${path} holds the answer to question ${index + 1}`);
      });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${path}[${index}]`, inOptions, inQuiz));
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      if (inQuiz) {
        const extra = entries.map(([name]) => name).filter((name) => !STUDENT_QUESTION_KEYS.has(name));
        if (extra.length > 0) found.push(`${path} is a quiz question with ${extra.join(', ')}`);
      }
      for (const [name, item] of entries) visit(item, `${path}.${name}`, name === 'options', name === 'quiz' && Array.isArray(item));
    }
  };
  visit(body, where, false, false);
  return found;
}

export interface StudentTraffic {
  /** Questions this student has sent an answer to (the test adds each before pressing "Check answer"). */
  answered: Set<number>;
  /** Every leak seen so far, with the response it came in. */
  leaks(): Promise<string[]>;
  /** How many JSON responses were read. */
  jsonResponses(): Promise<number>;
}

/**
 * Records every response `page` receives from now on. A response is judged
 * by what the student had answered when its request left the browser.
 */
export function watchStudentTraffic(page: Page, key: () => readonly KeyedQuestion[], secret: string): StudentTraffic {
  const answered = new Set<number>();
  const answeredWhenSent = new WeakMap<Request, Set<number>>();
  const found: string[] = [];
  const reads: Promise<void>[] = [];
  let json = 0;
  page.on('request', (request) => answeredWhenSent.set(request, new Set(answered)));
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    // A stream never ends (the sync feed); scripts and styles are the app itself, the same for everyone.
    if (!/json|^text\/(plain|html|csv)/.test(type) || (response.status() >= 300 && response.status() < 400)) return;
    const allowed = answeredWhenSent.get(response.request()) ?? new Set(answered);
    reads.push(
      response.text().then(
        (text) => {
          const where = `${response.request().method()} ${new URL(response.url()).pathname}`;
          if (text.includes(secret)) found.push(`${where}: the teacher's hidden instructions`);
          if (!type.includes('json')) return;
          json++;
          try {
            for (const leak of answerLeaks(JSON.parse(text), key(), allowed)) found.push(`${where}: ${leak}`);
          } catch {
            found.push(`${where}: said JSON but was not`);
          }
        },
        // The page moved on before the body was read (a reload): nothing the student kept.
        () => undefined,
      ),
    );
  });
  const settled = () => Promise.all(reads.splice(0)).then(() => undefined);
  return {
    answered,
    leaks: async () => (await settled(), [...found]),
    jsonResponses: async () => (await settled(), json),
  };
}

/**
 * Where the page shows a right option the student has not earned yet: the
 * option's text anywhere more often than a wrong option of the same
 * question, or an option of an open question set apart from the others
 * (a class, a mark, a hidden note). Empty when nothing is given away.
 */
export function answersOnScreen(page: Page, key: readonly KeyedQuestion[], answered: ReadonlySet<number>): Promise<string[]> {
  const open = key.map((question, index) => ({ ...question, index })).filter((question) => !answered.has(question.index));
  return page.evaluate((questions) => {
    const holds = (text: string, answer: string) => {
      const trimmed = text.trim();
      return trimmed === answer || (answer.length >= 8 && trimmed.includes(answer));
    };
    // Every text and every attribute value of the document: what a script, a screen reader or "view source" can read.
    const strings: string[] = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
      if (node instanceof Text) strings.push(node.data);
      else if (node instanceof Element) for (const attribute of Array.from(node.attributes)) strings.push(attribute.value);
      if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) strings.push(node.value);
    }
    const count = (text: string) => strings.filter((string) => holds(string, text)).length;
    const problems: string[] = [];
    for (const question of questions) {
      const wrong = question.options.filter((option) => option !== question.answer).map(count);
      const right = count(question.answer);
      if (right > Math.min(...wrong)) problems.push(`question ${question.index + 1}'s answer shows ${right} times, a wrong option ${Math.min(...wrong)}`);
      // Its options on screen, each as a radio: written the same way whichever is right.
      const shapes = new Set<string>();
      for (const option of question.options) {
        const radio = Array.from(document.querySelectorAll<HTMLInputElement>('input[type=radio]')).find((input) => input.value === option);
        const holder = radio?.closest('label');
        // The option's own words taken out, as text and as an attribute writes them: what is left must be the same.
        const escaped = option.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
        if (holder) shapes.add(holder.outerHTML.split(escaped).join('…').split(option).join('…'));
      }
      if (shapes.size > 1) problems.push(`question ${question.index + 1}'s options are not written alike`);
    }
    return problems;
  }, open);
}
