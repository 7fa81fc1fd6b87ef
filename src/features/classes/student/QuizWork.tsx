import { useEffect, useRef, useState } from 'react';
import type { AnswerVerdict, AssignmentForStudent, AttemptScore, AttemptState, QuestionForStudent, Remediation } from '../../../kernel/classes/wire';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Spinner } from '../../../ui/Spinner';
import { classApi } from '../classApi';
import { AiLabel } from './AiLabel';
import { attemptIdFor, keepAttemptId, storedAttemptId } from './attemptId';
import { QuizQuestion } from './QuizQuestion';
import { AnsweredList, scoreWords } from './QuizAnswers';

/*
 * An assigned quiz, driven by the gateway: the page holds the questions
 * without their answers; each answer goes to the gateway, which sends back
 * the verdict and the right option; the score is the gateway's. The
 * attempt's id is made here and kept for the tab, so a reload resumes it.
 */

type Phase =
  | { kind: 'resuming' }
  | { kind: 'not-started' }
  | { kind: 'taking'; attemptId: string }
  | { kind: 'finished'; attemptId: string; score: AttemptScore };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The first question not answered yet, or the number of questions when all are. */
function firstUnanswered(total: number, verdicts: ReadonlyMap<number, AnswerVerdict>): number {
  for (let index = 0; index < total; index++) if (!verdicts.has(index)) return index;
  return total;
}

export function QuizWork({ assignment, questions }: { assignment: AssignmentForStudent; questions: readonly QuestionForStudent[] }) {
  const { classId, id: assignmentId } = assignment;
  const [phase, setPhase] = useState<Phase>(() => (assignment.attempt || storedAttemptId(assignmentId) ? { kind: 'resuming' } : { kind: 'not-started' }));
  const [verdicts, setVerdicts] = useState<ReadonlyMap<number, AnswerVerdict>>(new Map());
  const [showing, setShowing] = useState(0);
  const [remediations, setRemediations] = useState<ReadonlyMap<number, Remediation>>(new Map());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const scoreRef = useRef<HTMLParagraphElement>(null);

  function adopt(state: AttemptState) {
    keepAttemptId(assignmentId, state.attemptId);
    const answered = new Map(state.verdicts.map((verdict) => [verdict.question, verdict]));
    setVerdicts(answered);
    setShowing(firstUnanswered(questions.length, answered));
    setPhase(state.score.finishedAt ? { kind: 'finished', attemptId: state.attemptId, score: state.score } : { kind: 'taking', attemptId: state.attemptId });
  }

  async function start(attemptId: string) {
    setBusy(true);
    setFailure(null);
    try {
      adopt(await classApi.startAttempt(classId, assignmentId, attemptId));
    } catch (error) {
      setFailure(messageOf(error));
      setPhase({ kind: 'not-started' });
    } finally {
      setBusy(false);
    }
  }

  // On opening: the attempt the gateway says is under way, else the one this tab started (asked again: starting is idempotent).
  useEffect(() => {
    if (assignment.attempt) adopt(assignment.attempt);
    else {
      const stored = storedAttemptId(assignmentId);
      if (stored) void start(stored);
    }
    // Once per assignment shown: later changes come from this component's own calls.
  }, [assignmentId]);

  async function answer(attemptId: string, question: number, chosen: string) {
    setBusy(true);
    setFailure(null);
    try {
      const verdict = await classApi.answer(classId, assignmentId, attemptId, question, chosen);
      setVerdicts((before) => new Map(before).set(verdict.question, verdict));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function explain(attemptId: string, question: number) {
    setBusy(true);
    setFailure(null);
    try {
      const remediation = await classApi.remediation(classId, assignmentId, attemptId, question);
      setRemediations((before) => new Map(before).set(question, remediation));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function finish(attemptId: string) {
    setBusy(true);
    setFailure(null);
    try {
      const score = await classApi.finish(classId, assignmentId, attemptId);
      setPhase({ kind: 'finished', attemptId, score });
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (phase.kind === 'finished') scoreRef.current?.focus();
  }, [phase.kind]);

  const error = failure && <ErrorBox message={failure} />;

  if (phase.kind === 'resuming') {
    return (
      <p className="loading-card" role="status">
        <Spinner /> Opening your quiz…
      </p>
    );
  }
  if (phase.kind === 'not-started') {
    return (
      <section className="card class-quiz" aria-label="Quiz">
        <p>
          {questions.length} {questions.length === 1 ? 'question' : 'questions'}, one at a time. You see whether each answer is right as you go.
        </p>
        {error}
        <button type="button" className="button button-primary" aria-disabled={busy || undefined} onClick={() => !busy && void start(attemptIdFor(assignmentId))}>
          Start quiz
        </button>
      </section>
    );
  }
  if (phase.kind === 'finished') {
    return (
      <section className="card class-quiz" aria-label="Quiz">
        <p className="class-score" role="status" tabIndex={-1} ref={scoreRef}>
          {scoreWords(phase.score)}
        </p>
        <AnsweredList questions={questions} verdicts={verdicts} heading="Your answers" />
      </section>
    );
  }

  const { attemptId } = phase;
  const allAnswered = verdicts.size >= questions.length;
  const question = questions[showing];
  const others = new Map([...verdicts].filter(([index]) => index !== showing));
  return (
    <section className="card class-quiz" aria-label="Quiz">
      <AiLabel />
      {question ? (
        <QuizQuestion
          key={showing}
          index={showing}
          total={questions.length}
          question={question}
          verdict={verdicts.get(showing)}
          remediation={remediations.get(showing)}
          busy={busy}
          isLast={allAnswered}
          onCheck={(chosen) => void answer(attemptId, showing, chosen)}
          onExplain={() => void explain(attemptId, showing)}
          onNext={() => setShowing(firstUnanswered(questions.length, verdicts))}
          onFinish={() => void finish(attemptId)}
        />
      ) : (
        <>
          <p>You have answered every question.</p>
          <button type="button" className="button button-primary" aria-disabled={busy || undefined} onClick={() => !busy && void finish(attemptId)}>
            Finish
          </button>
        </>
      )}
      {error}
      <AnsweredList questions={questions} verdicts={others} heading="Your answers so far" />
    </section>
  );
}
