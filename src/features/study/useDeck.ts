import { useEffect, useMemo } from 'react';
import type { Artifact } from '../projects';
import { buildDeck, type StudyCard } from './deck';
import { loadArtifacts, useProjects } from '../projects';
import { useStudy } from './studyState';

/** A project's deck as this tab holds it: its saved items' cards with their schedules, kept current as either changes. */
export function useDeck(projectId: string): { deck: StudyCard[]; artifacts: Artifact[] } {
  const exists = useProjects((s) => s.projects.some((p) => p.id === projectId));
  const version = useProjects((s) => s.artifactsVersion);
  const artifacts = useMemo(() => (exists ? loadArtifacts(projectId) : []), [exists, projectId, version]);
  const data = useStudy((s) => s.data[projectId]);
  useEffect(() => {
    if (!data) useStudy.getState().dataOf(projectId);
  }, [data, projectId]);
  const deck = useMemo(() => buildDeck(artifacts, data?.cards ?? {}), [artifacts, data]);
  return { deck, artifacts };
}

/** When a card's saved item was saved: where a card without a schedule yet starts. */
export function savedAtOf(artifacts: readonly Artifact[], card: StudyCard): string {
  return artifacts.find((a) => a.id === card.artifactId)?.createdAt ?? new Date().toISOString();
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "in 10 minutes", "tomorrow", "in 3 days": when a card comes back, as a person says it. */
export function fromNow(when: Date, now: Date): string {
  const seconds = (when.getTime() - now.getTime()) / 1000;
  if (seconds < 60) return 'now';
  if (seconds < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (seconds < 86_400 * 60) return relative.format(Math.round(seconds / 86_400), 'day');
  return relative.format(Math.round(seconds / (86_400 * 30)), 'month');
}
