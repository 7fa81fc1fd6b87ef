import type { ReadingScale } from './outputOptions';

/*
 * What refining adds to every tool declaration (the kernel's ToolExtensions):
 * declared here, beside the refine bar that reads it, so the kernel names
 * no feature.
 */

/** A one-click change under a result: the button's label and what the model is asked. */
export interface Refinement {
  label: string;
  instruction: string;
}

/**
 * How a tool's results can be refined. Every tool gets the
 * engine's refine bar without a line here; `false` takes it away, and a
 * file may add refinements of its own or choose its reading-level scale.
 */
export type RefineSettings =
  | false
  | {
      /** Shown after the engine's one-click refinements. */
      refinements?: readonly Refinement[];
      /** 'cefr' for readers learning the language; false where no reading level fits (default: grades for student tools). */
      readingLevel?: ReadingScale | false;
    };

declare module '../../kernel/defineTool' {
  interface ToolExtensions {
    /** Refining results: on for every tool unless this says otherwise. */
    refine?: RefineSettings;
  }
}
