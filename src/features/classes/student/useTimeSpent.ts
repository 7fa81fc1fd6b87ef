import { useEffect } from 'react';
import { classApi, ClassRequestError } from '../classApi';

/** One report per minute the page is in view. */
export const TIME_REPORT_MS = 60_000;

/*
 * Time spent on an assignment: a minute reported for each full minute the
 * page is visible. The clock stops while the tab is hidden (and starts a
 * fresh minute when it is shown again), so a page left open in the
 * background claims nothing. A refusal that will not change (closed, not
 * found, signed out) stops the reports.
 */
export function useTimeSpent(classId: string, assignmentId: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const report = () => {
      if (document.visibilityState !== 'visible') return;
      classApi.progress(classId, assignmentId, { kind: 'time', seconds: TIME_REPORT_MS / 1000 }).catch((error: unknown) => {
        if (error instanceof ClassRequestError && error.status !== null && [401, 404, 423].includes(error.status)) {
          stopped = true;
          stop();
        }
      });
    };
    const follow = () => {
      stop();
      if (!stopped && document.visibilityState === 'visible') timer = setInterval(report, TIME_REPORT_MS);
    };
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', follow);
    };
  }, [classId, assignmentId, active]);
}
