import { describe, expect, it } from 'vitest';
import { gatewaySettingsFromEnv, LIMIT_STORE_VARIABLE } from '../config';
import { describeLimitStore } from './limitStoreSuite';
import { createMemoryLimitStore } from './memory';
import { redisKeyFor } from './redis';

describe(LIMIT_STORE_VARIABLE, () => {
  it('is memory when unset, blank or "memory"', () => {
    expect(gatewaySettingsFromEnv({}).limitStore).toEqual({ kind: 'memory' });
    expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: ' ' }).limitStore).toEqual({ kind: 'memory' });
    expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'memory' }).limitStore).toEqual({ kind: 'memory' });
  });

  it('takes a redis:// or rediss:// address', () => {
    expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'redis://127.0.0.1:6379' }).limitStore).toEqual({ kind: 'redis', url: 'redis://127.0.0.1:6379', salt: '' });
    expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'redis://127.0.0.1:6379', STUDYFORGE_LIMIT_SALT: 's3cret' }).limitStore).toMatchObject({ salt: 's3cret' });
    expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'rediss://cache.internal:6380/2' }).limitStore.kind).toBe('redis');
  });

  it('refuses anything else at start, saying what it takes, without echoing a password', () => {
    // (http://127.0.0.1:6379 is no longer among them: a loopback http:// URL is a Redis REST endpoint, redisRestLimits.test.ts.)
    for (const value of ['127.0.0.1:6379', 'ftp://127.0.0.1:6379', 'redis://', 'redis', 'mem']) {
      expect(() => gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: value })).toThrow(/must be blank \(memory\) or a Redis address like redis:\/\/127\.0\.0\.1:6379/);
    }
    expect(() => gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'http://user:secret@host' })).toThrow(/^(?!.*secret)/s);
  });
});

describeLimitStore('memory', () => createMemoryLimitStore());

describe('the memory store', () => {
  it('counts as the in-memory limiter does: limit per window, then Retry-After until the window ends', async () => {
    let time = 0;
    const store = createMemoryLimitStore(100, () => time);
    for (let i = 0; i < 3; i += 1) expect((await store.consume('a', 10_000, 3)).allowed).toBe(true);
    expect(await store.consume('a', 10_000, 3)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect((await store.consume('b', 10_000, 3)).allowed).toBe(true);
    time = 10_000;
    expect((await store.consume('a', 10_000, 3)).allowed).toBe(true);
  });
});

describe('Redis keys', () => {
  it('are a SHA-256 with a fixed prefix: no client address in them', () => {
    const key = redisKeyFor('203.0.113.7', 60_000);
    expect(key).toMatch(/^studyforge:rate:[0-9a-f]{64}$/);
    expect(key).not.toContain('203');
    expect(redisKeyFor('203.0.113.7', 60_000)).toBe(key);
    expect(redisKeyFor('203.0.113.8', 60_000)).not.toBe(key);
    // A deployment's salt changes every key, so a table of hashed addresses made without it finds nobody.
    expect(redisKeyFor('203.0.113.7', 60_000, 'district-salt')).not.toBe(key);
    expect(redisKeyFor('203.0.113.7', 60_000, 'district-salt')).toBe(redisKeyFor('203.0.113.7', 60_000, 'district-salt'));
  });
});
