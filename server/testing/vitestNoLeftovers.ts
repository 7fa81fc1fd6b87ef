import { assertNoLeftoverProcesses, markTestRun } from './leftoverProcesses';

/** vitest's global setup: marks the run, and fails it if a test leaves a process running (leftoverProcesses.ts). */
export default function setup(): () => Promise<void> {
  const runId = markTestRun();
  return async () => {
    try {
      await assertNoLeftoverProcesses(runId, 'vitest');
    } catch (error) {
      // vitest prints an error thrown here ("error during close") but still exits 0: the exit code must say it too.
      process.exitCode = 1;
      throw error;
    }
  };
}
