import type { ToolDeclaration } from '../../src/kernel/defineTool';
import { isFreeText, type FormValues } from '../../src/kernel/fields';
import type { OutputOptions } from '../../src/kernel/output/outputDefaults';
import { runTool, type ToolResult } from '../../src/kernel/runTool';
import { CLASS_MESSAGES } from '../../src/kernel/classes/wire';
import type { ClassModel } from './deps';
import { ClassRuleError } from './door';
import { answerStrings, classInstructions, revealsInstructions } from './promptGuard';
import type { RosterPseudonyms } from './rosterNames';

/*
 * One answer of a tool for a class, made on the server with the kernel's
 * own runTool (the same prompt, schema and one check the browser uses):
 * the roster's names replaced before anything is composed, the hidden
 * instructions and the group's output added outside the student's data,
 * the answer's names restored, and an answer that gives the hidden
 * instructions away refused.
 */

export interface ClassAsk {
  tool: ToolDeclaration;
  values: FormValues;
  /** The teacher's hidden instructions ('' for none). */
  hidden: string;
  /** The group's language and level; null: the tool's own. */
  output: OutputOptions | null;
  roster: RosterPseudonyms;
  model: ClassModel;
}

/** The answer repeated the hidden instructions: never shown. */
export class WithheldAnswerError extends ClassRuleError {
  constructor() {
    super(502, CLASS_MESSAGES.answerWithheld);
  }
}

function namesHidden(tool: ToolDeclaration, values: FormValues, roster: RosterPseudonyms): FormValues {
  const hidden: FormValues = { ...values };
  for (const field of tool.fields) {
    const value = hidden[field.name];
    if (isFreeText(field) && typeof value === 'string') hidden[field.name] = roster.hide(value);
  }
  return hidden;
}

const contentOf = (result: ToolResult): unknown => (result.kind === 'text' ? result.text : result.data);

export async function askForClass({ tool, values, hidden, output, roster, model }: ClassAsk): Promise<ToolResult> {
  const hiddenForModel = roster.hide(hidden);
  let answer: ToolResult;
  try {
    answer = await runTool(tool, namesHidden(tool, values, roster), model.backend, { instructions: classInstructions(hiddenForModel, output) });
  } catch {
    throw new ClassRuleError(502, CLASS_MESSAGES.modelFailed);
  }
  const restored = roster.restore(answer);
  // Checked both ways: as the model wrote it (placeholders) and as the student would read it (names back).
  const said = (result: ToolResult) => answerStrings(contentOf(result)).join('\n');
  if (revealsInstructions(said(answer), hiddenForModel) || revealsInstructions(said(restored), hidden)) throw new WithheldAnswerError();
  return restored;
}

export { contentOf };
