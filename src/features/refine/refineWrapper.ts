import type { AnswerWrapper } from '../../kernel/answerPipeline';

/*
 * A change to a result, as the pipeline's wrapper: the task becomes the
 * follow-up (the original task, the previous result, the change). Its code
 * loads with the first change, never with a tool page; a first answer passes
 * straight through, in the same task, so its request leaves at once.
 */
export const refineWrapper: AnswerWrapper = (next) => (input) => {
  const { ask } = input;
  if (ask.kind !== 'change') return next(input);
  return import('./refinementPrompt').then(({ refinementTask }) => {
    input.signal?.throwIfAborted(); // Cancelled while the code loaded: nothing is sent.
    return next({ ...input, task: refinementTask(input.tool, input.values, ask.previous, ask.change) });
  });
};
