import { UserFacingError } from '../../../kernel/messages';
import { useFavourites } from '../../../features/favourites';
import { loadArtifacts, loadProjectFile, newestFirst, useProjects } from '../../../features/projects';
import { downloadText } from '../../../features/export';
import { loadStudyStorage } from '../../../features/study';

/**
 * "Export all projects first": every project, with its saved items and study
 * data, and the pinned tools, in one JSON file, each project as its own page's "Export as JSON"
 * writes it (src/features/projects/allProjectsFile.ts). Returns the file's name and how many
 * projects it holds; throws a UserFacingError with a message to show.
 */
export async function exportAllProjects(): Promise<{ fileName: string; count: number }> {
  const projects = newestFirst(useProjects.getState().projects);
  let readStudyData: Awaited<ReturnType<typeof loadStudyStorage>>['readStudyData'];
  let allProjectsFile: Awaited<ReturnType<typeof loadProjectFile>>;
  try {
    // The study code loads only now, as on a project page's export; the file's code came with the page.
    [{ readStudyData }, allProjectsFile] = await Promise.all([loadStudyStorage(), loadProjectFile()]);
  } catch {
    throw new UserFacingError('Could not export: part of the app did not load. Check your connection and try again.');
  }
  const entries = projects.map((project) => {
    const study = readStudyData(project.id);
    const hasStudy = Object.keys(study.cards).length > 0 || Object.keys(study.attempts).length > 0;
    return {
      project,
      artifacts: loadArtifacts(project.id),
      ...(hasStudy ? { study: { cards: study.cards, attempts: study.attempts as Record<string, unknown[]> } } : {}),
    };
  });
  const exportedAt = new Date().toISOString();
  const { allProjectsExportJson, allProjectsFileName } = allProjectsFile;
  const text = allProjectsExportJson(entries, exportedAt, useFavourites.getState().ids);
  const fileName = allProjectsFileName(exportedAt);
  downloadText(fileName, text, 'application/json');
  return { fileName, count: entries.length };
}
