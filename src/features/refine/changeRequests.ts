import type { Refinement } from './declaration';
import type { ToolDeclaration } from '../../kernel/defineTool';

/*
 * What a person can ask of a result once it is on screen: the
 * engine's one-click refinements, which every tool gets, and their own words.
 */

/** What one version was asked for: what the user saw (the label) and what the model was told. */
export interface ChangeRequest {
  label: string;
  instruction: string;
}

/** The engine's one-click refinements, in the order the refine bar shows them. */
export const ENGINE_REFINEMENTS: readonly Refinement[] = [
  { label: 'Shorter', instruction: 'Make it shorter: keep the main points and the same structure, and cut everything else, to about half the length.' },
  { label: 'Longer', instruction: 'Make it longer, with more detail: develop each point further, keeping the same structure.' },
  { label: 'Simpler', instruction: 'Make it simpler: shorter sentences, everyday words, and a plain explanation of any term a reader might not know.' },
  { label: 'More challenging', instruction: 'Make it more challenging: deeper ideas, precise subject vocabulary and more demanding questions or tasks, for a stronger reader.' },
  { label: 'More examples', instruction: 'Add more examples: give each main point a concrete, relevant example.' },
  { label: 'Friendlier', instruction: 'Fix the tone: make it warmer and friendlier, encouraging and personal, without losing any content.' },
  { label: 'More formal', instruction: 'Fix the tone: make it more formal and professional, without losing any content.' },
];

/** The one-click refinements a tool offers: the engine's, then its own; none when its file turns refining off. */
export function refinementsOf(tool: Pick<ToolDeclaration, 'refine'>): readonly Refinement[] {
  if (tool.refine === false) return [];
  return [...ENGINE_REFINEMENTS, ...(tool.refine?.refinements ?? [])];
}

/**
 * The longest change a person may type, in characters: room for a detailed
 * request ("in Spanish for grade 5, and add a question about...") while a
 * pasted document belongs in the tool's own inputs, not here.
 */
export const MAX_CHANGE_REQUEST_LENGTH = 500;

/** Why a typed change cannot be sent, or null when it can. */
export function changeRequestProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Type the change you want first.';
  if (trimmed.length > MAX_CHANGE_REQUEST_LENGTH) {
    return `A change request can be at most ${MAX_CHANGE_REQUEST_LENGTH} characters; this one has ${trimmed.length}. Shorten it, or put longer material in the tool's inputs.`;
  }
  return null;
}

/** A typed change as a request: the user's words are both what they see and what the model is asked. */
export function typedChange(text: string): ChangeRequest {
  const trimmed = text.trim();
  return { label: trimmed, instruction: trimmed };
}
