import { useProjects } from '../../../features/projects';
import { loadStudyScreen } from '../../../features/study';
import { lazyComponent } from '../../../ui/lazyComponent';
import { ProjectNotFound } from '../project/ProjectNotFound';

/** The study feature's screen, its code fetched with this page's (routeModules.ts), so it renders at once. */
export const studyScreen = lazyComponent(() => loadStudyScreen().then((m) => m.StudyScreen));

/** Resolves once the study screen's code is here. */
export function preloadParts(): Promise<unknown> {
  return studyScreen.preload();
}

/** A project's Study page: its due cards, or the unknown-project page when there is no such project. */
export function StudyPage({ projectId }: { projectId: string }) {
  const project = useProjects((s) => s.projects.find((p) => p.id === projectId));
  if (!project) return <ProjectNotFound projectId={projectId} />;
  const StudyScreen = studyScreen.Component;
  return <StudyScreen project={project} />;
}
