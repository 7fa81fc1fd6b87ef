import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { assertNoLeftoverProcesses, processesOfRun, TEST_RUN_VARIABLE } from './leftoverProcesses';
import { spawnGroup } from './processGroup';

/* The leftover-process check can fail: a process a test leaves running is found, named, and killed. */

describe.skipIf(!existsSync('/proc/self/environ'))('the leftover-process check', () => {
  const outer = process.env[TEST_RUN_VARIABLE];
  const runId = `leftover-test-${process.pid}-${Date.now()}`;
  afterEach(() => {
    if (outer === undefined) delete process.env[TEST_RUN_VARIABLE];
    else process.env[TEST_RUN_VARIABLE] = outer;
  });

  it('finds a process left running, even started with a filtered environment, names it and kills it', async () => {
    process.env[TEST_RUN_VARIABLE] = runId;
    const proc = spawnGroup('sleep', ['31'], { env: { PATH: process.env.PATH } });
    try {
      await expect.poll(() => processesOfRun(runId).map((p) => p.args)).toEqual(['sleep 31']);
      await expect(assertNoLeftoverProcesses(runId, 'this test', 300)).rejects.toThrow(/this test left a process running after its tests \(now killed\):\n {2}pid \d+ \(parent \d+, group \d+\): sleep 31\n/);
      expect(processesOfRun(runId)).toEqual([]);
    } finally {
      await proc.stop();
    }
  });

  it('finds an orphan whose parent has exited', async () => {
    process.env[TEST_RUN_VARIABLE] = runId;
    const shell = spawn('sh', ['-c', 'sleep 32 & echo started'], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise((resolve) => shell.once('exit', resolve));
    const left = processesOfRun(runId);
    expect(left.map((p) => p.args)).toEqual(['sleep 32']);
    expect(left[0]?.ppid).not.toBe(shell.pid);
    await expect(assertNoLeftoverProcesses(runId, 'this test', 0)).rejects.toThrow(/sleep 32/);
    expect(processesOfRun(runId)).toEqual([]);
  });

  it('passes when every process was stopped, and ignores other runs', async () => {
    process.env[TEST_RUN_VARIABLE] = `${runId}-other`;
    const other = spawnGroup('sleep', ['33']);
    try {
      process.env[TEST_RUN_VARIABLE] = runId;
      const proc = spawnGroup('sleep', ['34']);
      await proc.stop();
      await expect(assertNoLeftoverProcesses(runId, 'this test', 0)).resolves.toBeUndefined();
    } finally {
      await other.stop();
    }
  });
});
