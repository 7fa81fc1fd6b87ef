import { useMemo } from 'react';
import { Link } from 'wouter';
import { buildDeck, summarise } from './deck';
import { readStudyData } from './studyStorage';
import { loadArtifacts, useProjects } from '../projects';
import { useStudy } from './studyState';
import { Icon } from '../../ui/Icon';
import { fromNow } from './useDeck';
import './study.css';

/*
 * The dashboard's "N cards due today" across every project, with
 * a way into each project's Study screen. Loaded only when there are
 * projects; shows nothing when no project holds cards.
 */
export default function DueToday() {
  const projects = useProjects((s) => s.projects);
  const version = useProjects((s) => s.artifactsVersion);
  const held = useStudy((s) => s.data);
  const decks = useMemo(() => {
    const now = new Date();
    return projects
      .map((project) => ({ project, summary: summarise(buildDeck(loadArtifacts(project.id), (held[project.id] ?? readStudyData(project.id)).cards), now) }))
      .filter(({ summary }) => summary.cards > 0);
    // `version` and `held`: re-counted when anything is saved or graded, here or in another tab.
  }, [projects, version, held]);
  if (decks.length === 0) return null;
  const due = decks.reduce((sum, { summary }) => sum + summary.dueToday, 0);
  const now = new Date();
  return (
    <section aria-labelledby="due-heading" className="dashboard-section card due-today">
      <h2 id="due-heading" className="section-title">
        <Icon name="school" /> {due} {due === 1 ? 'card' : 'cards'} due today
      </h2>
      <ul className="due-list">
        {decks.map(({ project, summary }) => (
          <li key={project.id}>
            <Link href={`/projects/${project.id}/study`}>Study {project.name}</Link>
            {`: ${summary.dueToday} due today`}
            {summary.dueToday === 0 && summary.nextDue && `, next ${fromNow(summary.nextDue, now)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
