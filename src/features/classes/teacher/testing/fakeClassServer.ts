import { configure } from '@testing-library/react';
import { configureClassApi } from '../../classApi';

// The first screen of a file loads its code (the catalogue, the form engine) while it waits: on a busy
// two-core machine that can pass Testing Library's 1 s default. A wait, not a speed assertion.
configure({ asyncUtilTimeout: 10_000 });

/*
 * The gateway's class routes as the teacher screens' tests see them: each
 * test says what a route answers (a body, or a status and the server's
 * sentence), and reads back what was asked. Nothing is guessed: a route a
 * test did not set answers 404, so a screen asking something unexpected shows.
 */

export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown } | ((request: SeenRequest) => { status?: number; body: unknown });

export interface FakeClassServer {
  requests: SeenRequest[];
  /** What `METHOD /path` answers from now on ("GET /api/classes"). */
  on(route: string, answer: Answer): void;
  /** The requests made to one route. */
  sent(route: string): SeenRequest[];
}

export const teacherMe = { user: { id: 'u-teacher', name: 'Ada Teacher', email: 'teacher@studyforge.test', role: 'teacher' }, csrfToken: 'csrf-1' };
export const studentMe = { user: { id: 'u-student', name: 'Sam Student', email: 'student01@studyforge.test', role: 'student' }, csrfToken: 'csrf-2' };

export function fakeClassServer(): FakeClassServer {
  const routes = new Map<string, Answer>();
  const requests: SeenRequest[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path, body };
    requests.push(request);
    const answer = routes.get(`${method} ${path}`);
    const reply = typeof answer === 'function' ? answer(request) : (answer ?? { status: 404, body: { error: 'Not found.' } });
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  // A token as a signed-in page holds one: a change is sent at once, as in the app after /api/me.
  configureClassApi({ fetch: fetchFn, csrfToken: 'csrf-test' });
  return {
    requests,
    on: (route, answer) => void routes.set(route, answer),
    sent: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
  };
}

/** The gateway's config element, as it writes it into index.html when sign-in is on (null: sign-in off). */
export function signInConfigured(on: boolean): void {
  document.head.querySelector('#studyforge-config')?.remove();
  if (!on) return;
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'studyforge-config';
  element.textContent = JSON.stringify({ backendUrl: '.', publicKey: '', transcribeUrl: '', accounts: { providers: [{ id: 'school', label: 'School account' }] } });
  document.head.append(element);
}

/** A stand-in for the browser's EventSource: the test sends the server's events by hand. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  close(): void {
    this.closed = true;
  }
  /** The server sends `event: <type>` with this data. */
  emit(type: string, data: unknown): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
