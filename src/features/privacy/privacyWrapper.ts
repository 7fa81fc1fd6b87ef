import type { AnswerWrapper } from '../../kernel/runTool';
import { holdsPersonalData, type Field } from '../../kernel/fields';

/*
 * Names, as the pipeline's wrapper (the outermost): for a tool that may hold
 * names, unless the user turned replacement off, the request leaves with
 * placeholders and the answer comes back with the names. The name code loads
 * only for such a tool; any other request passes straight through, in the
 * same task, so it leaves at once.
 */

declare module '../../kernel/runTool' {
  interface AnswerSettings {
    /** Names typed in the tool's personal fields leave as placeholders and come back as names. */
    pseudonymise?: boolean;
  }
}

export const privacyWrapper: AnswerWrapper = (next) => (input) => {
  if (!input.settings.pseudonymise || !holdsPersonalData(input.tool.fields)) return next(input);
  const changeText = input.ask.kind === 'change' ? input.ask.change.instruction : '';
  return import('./producePrivately').then(({ producePrivately }) =>
    producePrivately(
      input.tool,
      input.values,
      input.model,
      (model) => {
        input.signal?.throwIfAborted(); // Cancelled while the name finder loaded: nothing is sent.
        return next({ ...input, model });
      },
      changeText,
    ),
  );
};

/**
 * Whether this tool's names leave as placeholders: yes unless the
 * user chose otherwise, in Settings or for this tool. The choices' store loads
 * only for a tool that may hold names; for the rest the answer is false at once.
 */
export function namesReplacedFor(tool: { id: string; fields: readonly Field[] }): boolean | Promise<boolean> {
  if (!holdsPersonalData(tool.fields)) return false;
  return import('./privacyState').then(({ replacesNames, usePrivacy }) => replacesNames(usePrivacy.getState(), tool.id));
}
