import type {
  AnswerVerdict,
  AssignmentForTeacher,
  AssignmentView,
  AttemptScore,
  AttemptState,
  ClassDetail,
  ClassResults,
  CreateAssignmentBody,
  CreateClassBody,
  JoinInfo,
  JoinReply,
  MyAssignments,
  MyClasses,
  ProgressBody,
  Remediation,
  RunToolBody,
  RunToolReply,
  UpdateClassBody,
} from '../../kernel/classes/wire';

/*
 * The gateway's class routes as the app calls them: same origin, with the
 * session cookie, every state-changing call carrying the session's CSRF
 * token (asked of /api/me once and kept; asked again once when the server
 * says it no longer matches, e.g. after signing in again in another tab).
 * Every failure is a ClassRequestError holding the server's own sentence
 * when it sent one, fit to show as it is.
 */

export class ClassRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export const CLASS_UNREACHABLE = 'The server cannot be reached. Check your connection and try again.';

let fetchFn: typeof fetch = (...args) => globalThis.fetch(...args);
let csrfToken: string | null = null;

/** Tests hand in their own fetch; a new sign-in (guest join) hands in its token. */
export function configureClassApi(options: { fetch?: typeof fetch; csrfToken?: string | null }): void {
  if (options.fetch) fetchFn = options.fetch;
  if (options.csrfToken !== undefined) csrfToken = options.csrfToken;
}

async function serverMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim() !== '') return body.error.slice(0, 300);
  } catch {
    // Not JSON: the status says what there is to say.
  }
  if (response.status === 401) return 'Sign in to use this.';
  return `The server could not do this (status ${response.status}). Try again in a moment.`;
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetchFn(path, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new ClassRequestError(CLASS_UNREACHABLE, null);
  }
}

async function currentCsrfToken(refresh: boolean): Promise<string> {
  if (csrfToken && !refresh) return csrfToken;
  const response = await send('/api/me');
  if (!response.ok) throw new ClassRequestError(await serverMessage(response), response.status);
  const body = (await response.json()) as { csrfToken?: unknown };
  if (typeof body.csrfToken !== 'string') throw new ClassRequestError('Sign in to use this.', 401);
  csrfToken = body.csrfToken;
  return csrfToken;
}

async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const attempt = async (refresh: boolean) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') headers['X-CSRF-Token'] = await currentCsrfToken(refresh);
    return send(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  };
  let response = await attempt(false);
  // A token from before a new sign-in: ask for the current one once.
  if (response.status === 403 && method !== 'GET') response = await attempt(true);
  if (!response.ok) throw new ClassRequestError(await serverMessage(response), response.status);
  return (await response.json()) as T;
}

const enc = encodeURIComponent;
const classPath = (classId: string) => `/api/classes/${enc(classId)}`;
const assignmentPath = (classId: string, assignmentId: string) => `${classPath(classId)}/assignments/${enc(assignmentId)}`;
const attemptPath = (classId: string, assignmentId: string, attemptId: string) => `${assignmentPath(classId, assignmentId)}/attempts/${enc(attemptId)}`;

/** Who is signed in, as /api/me answers (the class screens differ for a teacher and a student). */
export interface ClassViewer {
  user: { id: string; name: string | null; email: string | null; role: 'student' | 'teacher' };
  csrfToken: string;
}

export const classApi = {
  // who is asking (a 401 means no one is signed in)
  me: () => call<ClassViewer>('GET', '/api/me'),
  // classes
  myClasses: () => call<MyClasses>('GET', '/api/classes'),
  createClass: (body: CreateClassBody) => call<ClassDetail>('POST', '/api/classes', body),
  classDetail: (classId: string) => call<ClassDetail>('GET', classPath(classId)),
  updateClass: (classId: string, body: UpdateClassBody) => call<ClassDetail>('PATCH', classPath(classId), body),
  deleteClass: (classId: string) => call<{ deleted: Record<string, number> }>('DELETE', classPath(classId)),
  renewCode: (classId: string) => call<ClassDetail>('POST', `${classPath(classId)}/code`),
  addTeacher: (classId: string, email: string) => call<ClassDetail>('POST', `${classPath(classId)}/teachers`, { email }),
  setGroup: (classId: string, userId: string, group: string | null) => call<ClassDetail>('PATCH', `${classPath(classId)}/members/${enc(userId)}`, { group }),
  removeMember: (classId: string, userId: string) => call<ClassDetail>('DELETE', `${classPath(classId)}/members/${enc(userId)}`),
  // joining
  joinInfo: (code: string) => call<JoinInfo>('GET', `/api/join/${enc(code)}`),
  join: (code: string) => call<JoinReply>('POST', '/api/join', { code }),
  /** Signed out: no CSRF token exists yet; the reply brings the new session's. */
  async joinByName(code: string, firstName: string): Promise<JoinReply> {
    const response = await send('/api/join/name', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code, firstName }) });
    if (!response.ok) throw new ClassRequestError(await serverMessage(response), response.status);
    const reply = (await response.json()) as JoinReply;
    if (reply.csrfToken) csrfToken = reply.csrfToken;
    return reply;
  },
  // assignments
  myAssignments: () => call<MyAssignments>('GET', '/api/my/assignments'),
  createAssignment: (classId: string, body: CreateAssignmentBody) => call<AssignmentForTeacher>('POST', `${classPath(classId)}/assignments`, body),
  updateAssignment: (classId: string, assignmentId: string, body: Partial<Pick<CreateAssignmentBody, 'title' | 'note' | 'instructions' | 'opensAt' | 'dueAt'>>) =>
    call<AssignmentForTeacher>('PATCH', assignmentPath(classId, assignmentId), body),
  deleteAssignment: (classId: string, assignmentId: string) => call<{ ok: true }>('DELETE', assignmentPath(classId, assignmentId)),
  assignment: (classId: string, assignmentId: string) => call<AssignmentView>('GET', assignmentPath(classId, assignmentId)),
  approve: (classId: string, assignmentId: string, group = '') => call<AssignmentForTeacher>('POST', `${assignmentPath(classId, assignmentId)}/approve`, { group }),
  run: (classId: string, assignmentId: string, body: RunToolBody) => call<RunToolReply>('POST', `${assignmentPath(classId, assignmentId)}/run`, body),
  // attempts
  startAttempt: (classId: string, assignmentId: string, attemptId: string) => call<AttemptState>('POST', `${assignmentPath(classId, assignmentId)}/attempts`, { attemptId }),
  answer: (classId: string, assignmentId: string, attemptId: string, question: number, chosen: string) =>
    call<AnswerVerdict>('POST', `${attemptPath(classId, assignmentId, attemptId)}/answers`, { question, chosen }),
  remediation: (classId: string, assignmentId: string, attemptId: string, question: number) =>
    call<Remediation>('POST', `${attemptPath(classId, assignmentId, attemptId)}/remediation`, { question }),
  finish: (classId: string, assignmentId: string, attemptId: string) => call<AttemptScore>('POST', `${attemptPath(classId, assignmentId, attemptId)}/finish`, {}),
  progress: (classId: string, assignmentId: string, body: ProgressBody) => call<{ ok: true }>('POST', `${assignmentPath(classId, assignmentId)}/progress`, body),
  askForHelp: (classId: string, assignmentId: string, note: string) => call<{ id: string }>('POST', `${assignmentPath(classId, assignmentId)}/help`, { note }),
  resolveHelp: (classId: string, helpId: string) => call<{ ok: true }>('PATCH', `${classPath(classId)}/help/${enc(helpId)}`, { resolved: true }),
  // results
  results: (classId: string, assignmentId: string) => call<ClassResults>('GET', `${classPath(classId)}/results?assignment=${enc(assignmentId)}`),
  /** The live stream's address (EventSource, same origin, with the cookie). */
  eventsPath: (classId: string) => `${classPath(classId)}/events`,
  exportPath: (classId: string, assignmentId: string, format: 'csv' | 'xlsx') => `${classPath(classId)}/export.${format}?assignment=${enc(assignmentId)}`,
};
