// zod/mini: these schemas are compiled for the first load (storedValues.ts) and run as zod where an export file is read.
import * as z from 'zod/mini';
import { isPresent } from '../../kernel/stored/predicates';

/*
 * What a project and a saved item (artifact) are, as stored and as an export
 * file carries them (spec 7). The store (src/features/projects/projectsState.ts) keeps them;
 * projectFile.ts writes and reads them as files.
 */

export const projectSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  createdAt: z.string(),
  /** When the name last changed. Optional so data stored before renames existed still reads. */
  updatedAt: z.optional(z.string()),
});

export const artifactSchema = z.object({
  id: z.string().check(z.minLength(1)),
  createdAt: z.string(),
  toolId: z.string(),
  toolTitle: z.optional(z.string()),
  /**
   * Random, one per save. Ids alone cannot tell saves apart: tabs saving in the
   * same millisecond pick the same id, and identical content is no sign of the
   * same save (a result saved twice is two items). Optional so data stored
   * before it existed still reads.
   */
  saveId: z.optional(z.string()),
  /** What the result is about, as typed into the tool (its first one-line input): the item is named by it. */
  topic: z.optional(z.string()),
  /**
   * The result (one version of a tool's answer) this item holds: saving that
   * result again updates this item rather than adding a copy.
   */
  resultId: z.optional(z.string()),
  /** The changes asked for, in order, when the saved result is a refined version. */
  refinements: z.optional(z.array(z.string())),
  /**
   * Finished attempts at a saved quiz made before it was saved (later
   * ones are kept with the project's study data). Read one by one where shown
   * (study/quizAttempts.ts), so an unreadable attempt never costs the item.
   */
  attempts: z.optional(z.array(z.unknown())),
  // Present, whatever its shape: an item without content is not a saved result.
  data: z.unknown().check(z.refine(isPresent, 'is missing')),
});

export type Project = z.infer<typeof projectSchema>;
export type Artifact = z.infer<typeof artifactSchema>;
export type NewArtifact = Pick<Artifact, 'toolId' | 'toolTitle' | 'topic' | 'resultId' | 'data' | 'refinements' | 'attempts'>;

export const projectListSchema = z.array(projectSchema);
export const artifactListSchema = z.array(artifactSchema);

/** What deleteProject took away, for Undo. */
export interface DeletedProject {
  project: Project;
  artifacts: Artifact[];
  wasActive: boolean;
}

/** What deleteArtifact took away, for Undo. */
export interface DeletedArtifact {
  projectId: string;
  artifact: Artifact;
  /** Where it was in the list, so Undo puts it back there. */
  index: number;
}

/** A project and its artifacts as an export file carries them. */
export interface ProjectBundle {
  project: Project;
  artifacts: Artifact[];
}

export interface ImportOutcome {
  /** 'added': the project was new here; 'merged': it existed and got what it lacked. */
  kind: 'added' | 'merged';
  project: Project;
  /** Artifacts that were not here before. */
  addedArtifacts: number;
  /** For a merge: whether the import's name was newer and replaced this one. */
  renamed: boolean;
}

export { nameStamp, newestFirst } from './projectOrder';
