import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from './processGroup';

/*
 * The real gateway (server/node.ts) as a process of its own, for the attack
 * suite (server/attack.test.ts) and the load test (tooling/loadTest.ts).
 * Node itself runs it with tsx as a loader, not `npx tsx`, so the child's pid
 * is the gateway and its resident memory can be read from /proc.
 */

const root = path.resolve(import.meta.dirname, '../..');

/** Provider variables blanked rather than left out, so a developer's .env cannot fill them back in: sample mode unless a test sets them. */
const PROVIDER_VARIABLES = ['STUDYFORGE_PROVIDER', 'GEMINI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OLLAMA_URL', 'TRANSCRIBE_PROVIDER', 'TRANSCRIBE_BASE_URL', 'TRANSCRIBE_API_KEY'];

export interface GatewayProcess {
  base: string;
  port: number;
  proc: GroupProcess;
  /** The gateway's resident memory in bytes, from /proc; null where there is no /proc. */
  rssBytes(): number | null;
}

export interface GatewayOptions {
  /** Directory of the built app it serves (a tiny index.html is enough). */
  staticDir: string;
  /** Variables set on top of the inherited environment (whose provider and StudyForge variables are dropped). */
  env?: Record<string, string>;
  /** Loopback name to reach it by; 'localhost' listens on 127.0.0.1. */
  host?: string;
  timeoutMs?: number;
  /** Options for node itself, before the script: e.g. --max-old-space-size=768 to run it under a small heap. */
  nodeArgs?: readonly string[];
}

/**
 * Writes the smallest build the gateway serves: an index.html (newer than every source, so server/node.ts serves
 * it instead of building) and one asset.
 */
export async function writeTinyBuild(staticDir: string): Promise<void> {
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>StudyForge</title></head><body></body></html>');
  await writeFile(path.join(staticDir, 'assets', 'app.js'), 'console.log("app");');
}

export function rssBytesOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return null;
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(file, 'utf8'));
  return match ? Number(match[1]) * 1024 : null;
}

export async function startGateway({ staticDir, env = {}, host = '127.0.0.1', timeoutMs = 60_000, nodeArgs = [] }: GatewayOptions): Promise<GatewayProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(GEMINI_|OPENAI_|OLLAMA_|TRANSCRIBE_|STUDYFORGE_)/.test(name)),
  );
  const blanks = Object.fromEntries(PROVIDER_VARIABLES.map((name) => [name, '']));
  const proc = spawnGroup(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/node.ts'], {
    cwd: root,
    env: { ...inherited, ...blanks, PORT: String(port), HOST: host === 'localhost' ? '127.0.0.1' : host, STUDYFORGE_STATIC_DIR: staticDir, ...env },
  });
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  await waitUntilUp(`${base}/healthz`, proc, timeoutMs);
  return { base, port, proc, rssBytes: () => rssBytesOf(proc.child.pid) };
}
