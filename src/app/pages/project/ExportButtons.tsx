import { useState } from 'react';
import { findTool, loadTool } from '../../../kernel/catalogue';
import type { ContractSchema } from '../../../kernel/contractSchema';
import { loadProjectFile, type Artifact, type Project } from '../../../features/projects';
import { loadStudyStorage } from '../../../features/study';
import { MAX_ITEM_DEPTH } from '../../../kernel/resultText';
import { Icon } from '../../../ui/Icon';
import { DOCX_TYPE, downloadFile, downloadText, loadDocx, loadProjectDocument, loadProjectPrint } from '../../../features/export';
import { messageOf } from '../../../kernel/messages';
import { formatDateTime } from '../../../ui/formatDate';
import { useNotices } from '../../../ui/notices';
import { tooDeepToShow } from './artifactContent';

/** The result schemas of the tools in a project, for readable labels in the Markdown export. */
async function schemasFor(artifacts: readonly Artifact[]): Promise<Map<string, ContractSchema>> {
  const schemas = new Map<string, ContractSchema>();
  const ids = [...new Set(artifacts.filter((a) => typeof a.data !== 'string').map((a) => a.toolId))];
  // Loaded on demand: schema conversion brings zod's full API, which opening a project does not need.
  // contractSchemaOf converts each tool's schema once per page load, shared with the tool pages.
  const { contractSchemaOf } = await import('../../../kernel/runTool');
  await Promise.all(
    ids.map(async (id) => {
      try {
        const tool = await loadTool(id);
        if (tool.result !== 'markdown') schemas.set(id, contractSchemaOf(tool.result));
      } catch {
        // A retired tool or a failed load: its keys are humanized instead.
      }
    }),
  );
  return schemas;
}

export function ExportButtons({ project, artifacts, onError }: { project: Project; artifacts: Artifact[]; onError(message: string | null): void }) {
  const [busy, setBusy] = useState(false);

  async function exportJson() {
    // JSON.stringify overflows the stack on such data; and no import would read the file back.
    if (artifacts.some(tooDeepToShow)) {
      onError(`Could not export as JSON: a saved item is nested more than ${MAX_ITEM_DEPTH} levels deep. Delete it first, or export as Markdown.`);
      return;
    }
    onError(null);
    // The schedules and quiz history go with the items (the study code loads only now; the project file's with the page).
    let study: Awaited<ReturnType<typeof loadStudyStorage>>['NO_STUDY_DATA'];
    let projectFile: Awaited<ReturnType<typeof loadProjectFile>>;
    try {
      const [studyStorage, loaded] = await Promise.all([loadStudyStorage(), loadProjectFile()]);
      study = studyStorage.readStudyData(project.id);
      projectFile = loaded;
    } catch {
      onError('Could not export as JSON: part of the app did not load. Check your connection and try again.');
      return;
    }
    const { exportFileName, projectExportJson } = projectFile;
    const fileName = exportFileName(project.name, 'json');
    const hasStudy = Object.keys(study.cards).length > 0 || Object.keys(study.attempts).length > 0;
    downloadText(fileName, projectExportJson(project, artifacts, undefined, hasStudy ? { cards: study.cards, attempts: study.attempts as Record<string, unknown[]> } : undefined), 'application/json');
    useNotices.getState().show({ message: `Exported ${fileName}.` });
  }

  async function exportMarkdown() {
    setBusy(true);
    try {
      const [schemas, { exportFileName, projectMarkdown }] = await Promise.all([schemasFor(artifacts), loadProjectFile()]);
      const fileName = exportFileName(project.name, 'md');
      const text = projectMarkdown(project, artifacts, {
        toolTitle: (id) => findTool(id)?.title,
        schemaFor: (id) => schemas.get(id),
        formatDate: formatDateTime,
      });
      downloadText(fileName, text, 'text/markdown');
      useNotices.getState().show({ message: `Exported ${fileName}.` });
    } catch {
      onError('Could not export as Markdown: part of the app did not load. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  /** The project as one Word file with a contents list, or printed; the document code and its library load only now. */
  async function exportDocument(as: 'docx' | 'print') {
    if (busy) return;
    setBusy(true);
    onError(null);
    try {
      const [{ projectDocument }, docx, { exportFileName }] = await Promise.all([loadProjectDocument(), as === 'docx' ? loadDocx() : null, loadProjectFile()]);
      const doc = await projectDocument(project, artifacts, formatDateTime);
      if (docx) {
        const fileName = exportFileName(project.name, 'docx');
        downloadFile(fileName, await docx.docxOfProject(doc), DOCX_TYPE);
        useNotices.getState().show({ message: `Exported ${fileName}.` });
      } else {
        const { printDocument, flattenProject } = await loadProjectPrint();
        printDocument(flattenProject(doc));
      }
    } catch (failure) {
      onError(`Could not ${as === 'docx' ? 'export as Word' : 'print the project'}: ${messageOf(failure)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button" onClick={exportJson}>
        <Icon name="download" />
        <span>Export as JSON</span>
      </button>
      <button type="button" className="button" onClick={() => void exportMarkdown()} disabled={busy} aria-busy={busy || undefined}>
        <Icon name="download" />
        <span>Export as Markdown</span>
      </button>
      {/* aria-disabled, not disabled, while a file is made: a disabled button would drop the keyboard user's focus. */}
      <button type="button" className="button" onClick={() => void exportDocument('docx')} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        <Icon name="description" />
        <span>Export as Word</span>
      </button>
      <button type="button" className="button" onClick={() => void exportDocument('print')} aria-disabled={busy || undefined}>
        <Icon name="print" />
        <span>Print / Save as PDF</span>
      </button>
    </>
  );
}
