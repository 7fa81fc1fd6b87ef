import type { OwnerA } from './classOwnershipWorld';

/** What another person gets from one /api or /auth route: a line of the table ownership.test.ts holds the server to. */
export interface RouteExpectation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The call, filled with A's ids and items wherever the route takes any. */
  request(a: OwnerA): { path: string; init?: RequestInit };
  /** The status with no session. */
  signedOut: number;
  /**
   * The status signed in as B (with B's CSRF token) making that call: a
   * refusal, or 200 where the route acts only on B's own account; the test
   * checks the answer holds nothing of A's and A's rows are unchanged.
   * For a class route, B is also another teacher and another student.
   */
  asOther: number;
  /** The status for B when B is another teacher, where it differs (a route only teachers may use). */
  asOtherTeacher?: number;
  /**
   * The status of the call pointed into B's own class (A's ids under B's class) for B's student, who has work
   * there: 404 unless said. A member of B's class with no work, and B's teacher, always get 404.
   */
  inOwnClassWithWork?: number;
  /** The status of a state-changing call as B without B's CSRF token: 403 unless the route takes no session. */
  forged?: number;
}

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
