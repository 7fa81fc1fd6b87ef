import { assertNoLeftoverProcesses, markTestRun } from '../../server/testing/leftoverProcesses';

/**
 * Playwright's global setup: marks the run, and its returned teardown fails the
 * run if a flow leaves a process running (a gateway, a fake provider). The
 * web server (vite preview) starts before this and is not marked: Playwright
 * stops it itself.
 */
export default function globalSetup(): () => Promise<void> {
  const runId = markTestRun();
  return () => assertNoLeftoverProcesses(runId, 'Playwright');
}
