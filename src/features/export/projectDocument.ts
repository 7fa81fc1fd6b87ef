import { findTool } from '../../kernel/catalogue';
import { defaultDocument, type ProjectDocument } from './document';
import type { ExportInput } from './format';
import { preparedExport } from './exportFormats';

/*
 * A project as one document, for Word and print: each saved item
 * laid out as its own export would be (a quiz as a worksheet), titled by its
 * tool and when it was saved, in the order the project page shows them.
 */

/** What the document reads of a project's saved item (the projects feature's items fit it). */
export interface SavedItem {
  toolId: string;
  toolTitle?: string | undefined;
  data: unknown;
  createdAt: string;
}

export async function projectDocument(project: { name: string }, artifacts: readonly SavedItem[], formatDate: (iso: string) => string): Promise<ProjectDocument> {
  const sections = await Promise.all(
    artifacts.map(async (artifact) => {
      const title = findTool(artifact.toolId)?.title ?? artifact.toolTitle ?? artifact.toolId;
      const input: ExportInput = { toolTitle: title, data: artifact.data, madeAt: artifact.createdAt };
      const { context, input: full } = await preparedExport(artifact.toolId, input);
      let doc;
      try {
        doc = context.document();
      } catch {
        // An item that no longer fits its tool's own layout is laid out plainly, never left out.
        doc = defaultDocument(full);
      }
      return { ...doc, title: `${title}, saved ${formatDate(artifact.createdAt)}`, meta: [] };
    }),
  );
  const count = `${artifacts.length} saved ${artifacts.length === 1 ? 'item' : 'items'}`;
  return { title: project.name, meta: [`${count}, exported ${formatDate(new Date().toISOString())} from StudyForge`], sections };
}
