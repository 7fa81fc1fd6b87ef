import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySettingsFromEnv, LIMIT_SALT_VARIABLE, limitSaltWarning, type Environment } from './config';
import { startGateway, writeTinyBuild, type GatewayProcess } from './testing/gateway';
import { startRedis, type RedisProcess } from './testing/redis';

/*
 * A shared limit store keys its counters by a hash of each client's address.
 * Without STUDYFORGE_LIMIT_SALT that hash has no secret in it, and anyone who
 * can read the store can reverse it: the operator is told so at start, in one
 * line naming the variable (config.ts says why it warns rather than refuses).
 */

const warningOf = (env: Environment) => limitSaltWarning(gatewaySettingsFromEnv(env).limitStore);
const REST = { STUDYFORGE_LIMIT_STORE: 'https://eu1-example.upstash.io', STUDYFORGE_LIMIT_STORE_TOKEN: 'rest-token' };

describe('the missing-salt warning', () => {
  it.each([
    ['Redis', { STUDYFORGE_LIMIT_STORE: 'redis://127.0.0.1:6379' }],
    ['Redis over REST', REST],
    ['Deno KV', { STUDYFORGE_LIMIT_STORE: 'denokv:/var/lib/studyforge/kv.sqlite' }],
  ])('is given for %s without a salt (or a blank one), naming the variable and why', (_store, env) => {
    for (const salt of [undefined, '', '   ']) {
      const warning = warningOf({ ...env, ...(salt !== undefined ? { [LIMIT_SALT_VARIABLE]: salt } : {}) });
      expect(warning).toMatch(/^\[studyforge\] warning: STUDYFORGE_LIMIT_SALT is not set, so .* hashed without a secret: anyone who can read the store/);
      expect(warning).not.toContain('\n');
    }
    expect(warningOf({ ...env, [LIMIT_SALT_VARIABLE]: 'a-random-secret' })).toBeUndefined();
  });

  it("is not given for this process's memory, which nobody else reads", () => {
    expect(warningOf({})).toBeUndefined();
  });
});

describe('a gateway started on a real Redis', () => {
  let redis: RedisProcess;
  let workDir = '';
  const gateways: GatewayProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const gateway = await startGateway({ staticDir: path.join(workDir, 'dist'), env: { STUDYFORGE_LIMIT_STORE: redis.url, ...env } });
    gateways.push(gateway);
    return gateway;
  };

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-salt-'));
    await writeTinyBuild(path.join(workDir, 'dist'));
    redis = await startRedis();
  }, 30_000);

  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.proc.stop()));
    await redis?.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  it('says at start, once, that no salt is set, and still starts; with a salt it says nothing of it', async () => {
    const unsalted = await start({});
    expect(unsalted.proc.output().match(/STUDYFORGE_LIMIT_SALT is not set/g)).toHaveLength(1);
    expect((await fetch(`${unsalted.base}/healthz`)).status).toBe(200);
    const salted = await start({ [LIMIT_SALT_VARIABLE]: 'a-random-secret' });
    expect(salted.proc.output()).toContain('rate limit: shared in Redis');
    expect(salted.proc.output()).not.toContain(LIMIT_SALT_VARIABLE);
  }, 90_000);
});
