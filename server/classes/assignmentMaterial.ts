import { isServerQuiz } from '../../src/kernel/classes/aiUse';
import { groupOutput } from '../../src/kernel/classes/groupOutput';
import { CLASS_MESSAGES, type AssignmentGroup } from '../../src/kernel/classes/wire';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import type { FormValues } from '../../src/kernel/fields';
import type { OutputOptions } from '../../src/kernel/output/outputDefaults';
import { askForClass, contentOf } from './classAsk';
import type { ClassModel } from './deps';
import { ClassRuleError } from './door';
import type { RosterPseudonyms } from './rosterNames';

/*
 * The material a class is given, made on the server when the assignment is
 * created: a quiz (whose answer key must never reach a student's browser),
 * a deck of flashcards, or anything the teacher wants to approve before
 * students see it. One per group, in the group's language and reading
 * level, and one for everyone else ('' : students in no group).
 */

/** Whether an assignment of this tool gets its material made when it is created. */
export function makesMaterial(tool: ToolDeclaration, needsApproval: boolean): boolean {
  return isServerQuiz(tool) || tool.renderer === 'flashcards' || needsApproval;
}

/** Each group's output options, checked: a duplicate name or an unknown language or level is refused by name. */
export function groupOutputs(groups: readonly AssignmentGroup[]): { group: string; output: OutputOptions | null }[] {
  const seen = new Set<string>();
  const outputs: { group: string; output: OutputOptions | null }[] = [{ group: '', output: null }];
  for (const group of groups) {
    if (seen.has(group.name.toLowerCase())) throw new ClassRuleError(400, `Two groups are called "${group.name}": give each group its own name.`);
    seen.add(group.name.toLowerCase());
    const read = groupOutput(group);
    if ('problem' in read) throw new ClassRuleError(400, `Group "${group.name}": ${read.problem}`);
    outputs.push({ group: group.name, output: read.options });
  }
  return outputs;
}

export interface MaterialRequest {
  tool: ToolDeclaration;
  /** The teacher's presets as the tool's inputs. */
  values: FormValues;
  hidden: string;
  groups: readonly AssignmentGroup[];
  roster: RosterPseudonyms;
  model: ClassModel;
}

/** The material of every group, or a 502 (nothing is stored) when the model fails any of them. */
export async function makeMaterial({ tool, values, hidden, groups, roster, model }: MaterialRequest): Promise<{ group: string; content: unknown }[]> {
  const outputs = groupOutputs(groups);
  return Promise.all(
    outputs.map(async ({ group, output }) => {
      try {
        return { group, content: contentOf(await askForClass({ tool, values, hidden, output, roster, model })) };
      } catch (error) {
        // The teacher is told the material could not be made, whatever the cause (a failure, or an answer that repeated the instructions).
        if (error instanceof ClassRuleError && error.status === 502) throw new ClassRuleError(502, CLASS_MESSAGES.modelFailed);
        throw error;
      }
    }),
  );
}
