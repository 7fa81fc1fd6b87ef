// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssignmentForTeacher } from '../../../kernel/classes/wire';
import { configureClassApi } from '../classApi';
import { AssignmentPage } from './AssignmentPage';
import { fakeStudentServer, quizQuestions, studentAssignment, type FakeStudentServer } from './testing/fakeStudentServer';

let server: FakeStudentServer;

function serve(fake: FakeStudentServer): FakeStudentServer {
  server = fake;
  configureClassApi({ fetch: fake.fetch, csrfToken: null });
  return fake;
}

beforeEach(() => {
  sessionStorage.clear();
  serve(fakeStudentServer());
});
afterEach(cleanup);

async function openPage() {
  const user = userEvent.setup();
  render(<AssignmentPage classId="c1" assignmentId="a1" />);
  await screen.findByRole('heading', { level: 1, name: 'Capitals quiz' });
  return user;
}

const optionsGroup = (question: string) => screen.getByRole('group', { name: question });
const started = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/attempts'));

describe('an assigned quiz', () => {
  it('shows no correct option until the gateway gives its verdict, then marks it', async () => {
    const user = await openPage();
    expect(screen.getByText('Try each question before asking.')).toBeTruthy();
    // What the questions are about, under the tool's own label.
    expect((await screen.findByText('Topic or text')).parentElement?.textContent).toBe('Topic or textEuropean capitals');
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    const group = await screen.findByRole('group', { name: 'What is the capital of France?' });
    expect(screen.getAllByText('AI-generated').length).toBeGreaterThan(0);
    // Chosen but not checked: nothing on the page says which option is right.
    await user.click(within(group).getByRole('radio', { name: 'Lyon' }));
    expect(screen.queryByText('Correct answer')).toBeNull();
    expect(screen.queryByText(/The answer is/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    const verdict = await screen.findByRole('status');
    expect(verdict.textContent).toBe('Not quite. The answer is: Paris');
    expect(document.activeElement).toBe(verdict);
    expect(within(optionsGroup('What is the capital of France?')).getByText('Paris').closest('label')?.textContent).toContain('Correct answer');
    // Only the question and the choice left the page: no score, no verdict of its own.
    expect(server.requests.find((r) => r.path.endsWith('/answers'))?.body).toEqual({ question: 0, chosen: 'Lyon' });

    await user.click(screen.getByRole('button', { name: 'Show me why' }));
    expect(await screen.findByText('Lyon is a large French city, but not the capital.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Why this answer' })).getByText('AI-generated')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next question' }));
    const second = await screen.findByRole('group', { name: 'What is 2 + 2?' });
    await user.click(within(second).getByRole('radio', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect((await screen.findByRole('status')).textContent).toBe('Right!');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect((await screen.findByText('You scored 1 out of 2')).getAttribute('role')).toBe('status');
  });

  it('a question without options (fill in the blank) takes a typed answer and gets its verdict', async () => {
    serve(fakeStudentServer({ assignment: studentAssignment({ quiz: [quizQuestions[0]!, { question: 'What is 2 + 2?', options: [] }] }) }));
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    await user.click(within(optionsGroup('What is the capital of France?')).getByRole('radio', { name: 'Paris' }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    await user.click(await screen.findByRole('button', { name: 'Next question' }));
    const box = await screen.findByRole('textbox', { name: 'What is 2 + 2?' });
    expect(screen.getByRole('button', { name: 'Check answer' })).toHaveProperty('disabled', true);
    await user.type(box, '4');
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect((await screen.findByRole('status')).textContent).toContain('Right!');
    expect(server.requests.at(-1)?.body).toEqual({ question: 1, chosen: '4' });
    expect(box).toHaveProperty('readOnly', true);
  });

  it('a reload resumes the same attempt, showing the verdicts so far and the next question', async () => {
    let user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Start quiz' }));
    const group = await screen.findByRole('group', { name: 'What is the capital of France?' });
    await user.click(within(group).getByRole('radio', { name: 'Paris' }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    await screen.findByRole('status');
    cleanup();

    // The page loads afresh in the same tab: no Start button, the same attempt asked for again.
    user = await openPage();
    expect(await screen.findByRole('group', { name: 'What is 2 + 2?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start quiz' })).toBeNull();
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    const sofar = screen.getByRole('region', { name: 'Your answers so far' });
    expect(sofar.textContent).toContain('Right: Paris');
    const ids = started().map((r) => (r.body as { attemptId: string }).attemptId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(server.attempts.size).toBe(1);
  });
});

describe('I need help', () => {
  it('sends the note and says the teacher has been told, with focus on those words', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'I need help' }));
    await user.type(screen.getByRole('textbox', { name: 'What do you need help with?' }), 'I do not get question 2');
    await user.click(screen.getByRole('button', { name: 'Send to my teacher' }));
    const told = await screen.findByText('Your teacher has been told.');
    expect(document.activeElement).toBe(told);
    expect(server.requests.find((r) => r.path.endsWith('/help'))?.body).toEqual({ note: 'I do not get question 2' });
  });

  it('Cancel closes the note and puts focus back on "I need help"', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'I need help' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'What do you need help with?' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'I need help' }));
    expect(server.requests.some((r) => r.path.endsWith('/help'))).toBe(false);
  });

  it('a refusal shows the gateway’s sentence and keeps the note to send again', async () => {
    server.refuse('/help', 423, 'This assignment is closed.');
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'I need help' }));
    await user.type(screen.getByRole('textbox', { name: 'What do you need help with?' }), 'Stuck');
    await user.click(screen.getByRole('button', { name: 'Send to my teacher' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This assignment is closed.');
    expect((screen.getByRole('textbox', { name: 'What do you need help with?' }) as HTMLTextAreaElement).value).toBe('Stuck');
    await user.click(screen.getByRole('button', { name: 'Send to my teacher' }));
    expect(await screen.findByText('Your teacher has been told.')).toBeTruthy();
  });
});

describe('any other tool', () => {
  it('a locked preset is read-only and said to be the teacher’s; a shown one can be changed; the answer is labelled as AI’s', async () => {
    serve(
      fakeStudentServer({
        assignment: studentAssignment({
          toolId: 'analogy-generator',
          title: 'Explain photosynthesis',
          quiz: undefined,
          // As the gateway sends a tool with nothing made ahead.
          material: null,
          presets: { concept: { value: 'Photosynthesis', locked: true }, field: { value: 'cooking', locked: false } },
        }),
        runReply: { result: { kind: 'text', text: 'Think of a **kitchen**.' }, aiGenerated: true },
      }),
    );
    const user = userEvent.setup();
    render(<AssignmentPage classId="c1" assignmentId="a1" />);
    const concept = (await screen.findByRole('textbox', { name: 'Concept' })) as HTMLInputElement;
    expect(concept.value).toBe('Photosynthesis');
    expect(concept.readOnly).toBe(true);
    expect(concept.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(concept.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Set by your teacher');
    const field = screen.getByRole('textbox', { name: /Take the analogy from/ }) as HTMLInputElement;
    expect(field.readOnly).toBe(false);
    expect(field.value).toBe('cooking');
    await user.clear(field);
    await user.type(field, 'football');
    await user.click(screen.getByRole('button', { name: 'Run' }));

    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getByText('AI-generated')).toBeTruthy();
    expect(within(result).getByText('kitchen').tagName).toBe('STRONG');
    expect(server.requests.find((r) => r.path.endsWith('/run'))?.body).toEqual({ inputs: { concept: 'Photosynthesis', field: 'football' } });
  });
});

describe('a field the teacher keeps from view', () => {
  it('is left out of the form, so the student is never asked to fill it, and the run sends only the rest', async () => {
    serve(
      fakeStudentServer({
        assignment: studentAssignment({
          toolId: 'analogy-generator',
          title: 'Explain photosynthesis',
          quiz: undefined,
          material: null,
          presets: { field: { value: 'cooking', locked: false } },
          hiddenFields: ['concept'],
        }),
      }),
    );
    const user = userEvent.setup();
    render(<AssignmentPage classId="c1" assignmentId="a1" />);
    await screen.findByRole('textbox', { name: /Take the analogy from/ });
    expect(screen.queryByRole('textbox', { name: 'Concept' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('region', { name: 'Result' });
    expect(server.requests.find((r) => r.path.endsWith('/run'))?.body).toEqual({ inputs: { field: 'cooking' } });
  });
});

describe('a teacher opening the page', () => {
  it('sees the material with its answers, labelled as AI’s, and the instructions students never see', async () => {
    const teacherView: AssignmentForTeacher = {
      view: 'teacher',
      id: 'a1',
      classId: 'c1',
      toolId: 'quiz-whiz',
      title: 'Capitals quiz',
      note: '',
      instructions: 'Never give the answer away.',
      aiLevel: 'practice',
      presets: {},
      groups: [],
      opensAt: '2026-11-01T09:00:00.000Z',
      dueAt: null,
      needsApproval: true,
      material: [{ group: '', content: [{ question: 'What is the capital of France?', options: ['Lyon', 'Paris'], answer: 'Paris' }], approvedAt: null }],
    };
    serve({ ...fakeStudentServer(), fetch: async () => new Response(JSON.stringify(teacherView), { status: 200 }) });
    await openPage();
    expect(screen.getByText('Never give the answer away.')).toBeTruthy();
    const material = screen.getByRole('region', { name: 'Material' });
    expect(within(material).getByText('AI-generated')).toBeTruthy();
    expect(within(material).getByText('Not approved yet: students cannot see it.')).toBeTruthy();
    expect(within(material).getByText('Answer').nextElementSibling?.textContent).toBe('Paris');
  });
});

describe('when the work cannot be done', () => {
  it('a refused page shows the gateway’s sentence', async () => {
    server.refuse('/assignments/a1', 423, 'This assignment is not open yet.');
    render(<AssignmentPage classId="c1" assignmentId="a1" />);
    expect((await screen.findByRole('alert')).textContent).toContain('This assignment is not open yet.');
  });

  it('a quiz awaiting the teacher’s approval says so and offers no questions', async () => {
    serve(fakeStudentServer({ assignment: studentAssignment({ quiz: null }) }));
    await openPage();
    expect(screen.getByText('Your teacher is still checking this material. Try again later.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start quiz' })).toBeNull();
  });

  it('a deck awaiting the teacher’s approval says so and offers no form', async () => {
    serve(fakeStudentServer({ assignment: studentAssignment({ toolId: 'flashcard-generator', quiz: undefined, material: null }) }));
    await openPage();
    expect(await screen.findByText('Your teacher is still checking this material. Try again later.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run' })).toBeNull();
  });
});
