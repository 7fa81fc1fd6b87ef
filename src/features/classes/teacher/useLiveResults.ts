import { useEffect, useRef, useState } from 'react';
import type { ClassChangedEvent, ClassResults } from '../../../kernel/classes/wire';
import { classApi } from '../classApi';
import { useLoaded } from './useLoaded';

function changedAssignment(data: unknown): string | null {
  try {
    const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : null;
    const id = (parsed as Partial<ClassChangedEvent> | null)?.assignmentId;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function finishedWords(results: ClassResults): string {
  const finished = results.students.filter((student) => student.status === 'finished').length;
  const open = results.help.filter((request) => !request.resolved).length;
  const help = open === 0 ? '' : open === 1 ? ' 1 help request.' : ` ${open} help requests.`;
  return `Results updated: ${finished} of ${results.students.length} finished.${help}`;
}

/**
 * One assignment's results, fetched again whenever the class's live stream
 * says that assignment changed: no reload, nothing moves focus, and a short
 * sentence for screen readers says what is new. A burst of events (a class
 * answering at once) costs one fetch in flight and at most one more after it.
 */
export function useLiveResults(classId: string, assignmentId: string) {
  const loaded = useLoaded(() => classApi.results(classId, assignmentId), `${classId}/${assignmentId}`);
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef(assignmentId);
  shown.current = assignmentId;
  const reloadRef = useRef(loaded.reload);
  reloadRef.current = loaded.reload;

  useEffect(() => setAnnouncement(''), [assignmentId]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(classApi.eventsPath(classId), { withCredentials: true });
    let fetching = false;
    let again = false;
    const refetch = async () => {
      if (fetching) {
        again = true;
        return;
      }
      fetching = true;
      do {
        again = false;
        await reloadRef.current();
      } while (again);
      fetching = false;
    };
    const onChanged = (event: MessageEvent) => {
      if (changedAssignment(event.data) === shown.current) void refetch();
    };
    source.addEventListener('changed', onChanged);
    return () => {
      source.removeEventListener('changed', onChanged);
      source.close();
    };
  }, [classId]);

  // Said once per newer copy that arrived live (the first load is not news).
  const state = loaded.state;
  const previous = useRef<ClassResults | null>(null);
  useEffect(() => {
    if (state.kind !== 'ready') return;
    if (previous.current && previous.current.assignmentId === state.value.assignmentId && previous.current !== state.value) setAnnouncement(finishedWords(state.value));
    previous.current = state.value;
  }, [state]);

  return { state, announcement, reload: loaded.reload };
}
