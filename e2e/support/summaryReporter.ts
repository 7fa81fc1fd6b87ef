import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/*
 * Prints, at the end of a run, the figures the suite vouches for: how many
 * hostile payloads were rendered without executing, how many fault cases were
 * tried, and the streaming delay. Tests report them as annotations:
 *   { type: 'xss-payloads', description: '<payloads> x <paths>' }
 *   { type: 'fault-case', description: '<what was tried>' }
 *   { type: 'first-byte-to-screen-ms', description: '<ms>' }
 */
export default class SummaryReporter implements Reporter {
  private readonly passed = new Map<string, string[]>();
  private readonly failed: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    // Annotations added while a test runs can show up in both lists: count each once.
    const seen = new Set<string>();
    const annotations = [...test.annotations, ...result.annotations].filter((a) => {
      const key = `${a.type}\u0000${a.description ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (result.status !== 'passed') {
      if (annotations.some((a) => a.type === 'fault-case' || a.type === 'xss-payloads')) this.failed.push(test.title);
      return;
    }
    for (const { type, description } of annotations) {
      if (!description) continue;
      this.passed.set(type, [...(this.passed.get(type) ?? []), description]);
    }
  }

  onEnd(_result: FullResult): void {
    const lines: string[] = [];
    const xss = this.passed.get('xss-payloads') ?? [];
    if (xss.length > 0) {
      const total = xss.reduce((sum, d) => sum + d.split('x').map((n) => Number(n.trim()) || 0).reduce((a, b) => a * b, 1), 0);
      lines.push(`[xss] ${total} payload renderings in ${xss.length} tests: none executed`);
    }
    const faults = this.passed.get('fault-case') ?? [];
    if (faults.length > 0) lines.push(`[faults] ${faults.length} fault cases tried: each showed its message, none lost inputs or a saved artifact`);
    const delay = this.passed.get('first-byte-to-screen-ms') ?? [];
    if (delay.length > 0) lines.push(`[stream] provider's first byte to screen, through the gateway: ${delay.join(', ')} ms`);
    if (this.failed.length > 0) lines.push(`[summary] ${this.failed.length} security or fault tests failed: ${this.failed.join('; ')}`);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}`);
  }
}
