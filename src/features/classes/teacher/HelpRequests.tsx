import { useState } from 'react';
import type { HelpRequest } from '../../../kernel/classes/wire';
import { formatDateTime } from '../../../ui/formatDate';
import { classApi } from '../classApi';
import { messageOf } from './useViewer';

/** Students' "I need help": the note, who, when, and "Mark as done". */
export function HelpRequests({ classId, help, headingId, onResolved }: { classId: string; help: HelpRequest[]; headingId: string; onResolved: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const open = help.filter((request) => !request.resolved);
  async function resolve(request: HelpRequest) {
    setProblem(null);
    try {
      await classApi.resolveHelp(classId, request.id);
      onResolved();
    } catch (error) {
      setProblem(messageOf(error));
    }
  }
  return (
    <>
      <h3 id={headingId} className="results-subtitle">Help requests ({open.length})</h3>
      {problem && <p className="inline-error" role="alert">{problem}</p>}
      {open.length === 0 ? (
        <p className="empty-state">No one is asking for help.</p>
      ) : (
        <ul className="help-list" aria-labelledby={headingId}>
          {open.map((request) => (
            <li key={request.id} className="help-item">
              <p className="help-note">{request.note.trim() === '' ? '(no note)' : request.note}</p>
              <p className="hint">
                {request.name} · {formatDateTime(request.createdAt)}
              </p>
              <button type="button" className="button button-quiet" onClick={() => void resolve(request)} aria-label={`Mark as done: ${request.name}’s help request`}>
                Mark as done
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
