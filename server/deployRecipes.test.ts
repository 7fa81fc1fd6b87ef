import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The deployment recipes in deploy/ are files an operator runs
 * as they are, with no Docker here to run them: so their claims are checked
 * against the code. Every variable they set is one the gateway reads, the
 * shared store they name is one config.ts accepts, and the files they start
 * exist. A renamed variable fails here, not at a district's first start.
 */

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every source the gateway reads its environment in. */
function gatewaySources(): string {
  const files = readdirSync(path.join(root, 'server')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => `server/${f}`);
  return [...files, 'src/providers/fromEnvironment.ts', 'src/providers/environmentChoices.ts'].map(read).join('\n');
}

describe('deploy/docker-compose.yml', () => {
  const compose = read('deploy/docker-compose.yml');
  const variables = [...compose.matchAll(/^ {6}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] ?? '');

  it('sets only variables the gateway reads', () => {
    const sources = gatewaySources();
    expect(variables.length).toBeGreaterThan(10);
    for (const name of variables) expect(sources, `${name} is set in deploy/docker-compose.yml but read nowhere`).toContain(name);
  });

  it('shares one Redis between the replicas, with a salt, behind one trusted proxy', async () => {
    const { gatewaySettingsFromEnv } = await import('./config');
    const store = /STUDYFORGE_LIMIT_STORE: (\S+)/.exec(compose)?.[1] ?? '';
    const settings = gatewaySettingsFromEnv({ STUDYFORGE_LIMIT_STORE: store, STUDYFORGE_LIMIT_SALT: 'salt', STUDYFORGE_TRUSTED_HOPS: '1' });
    expect(settings.limitStore.kind).toBe('redis');
    expect(compose).toMatch(/STUDYFORGE_LIMIT_SALT: \$\{STUDYFORGE_LIMIT_SALT:\?/);
    expect(compose).toMatch(/STUDYFORGE_TRUSTED_HOPS: "1"/);
    expect(compose).toContain('./Caddyfile:/etc/caddy/Caddyfile');
    expect(read('deploy/Caddyfile')).toMatch(/dynamic a gateway 8787/);
  });
});

describe('deploy/Dockerfile', () => {
  it('starts the gateway entry point that exists, listening beyond loopback', () => {
    const dockerfile = read('deploy/Dockerfile');
    const entry = /CMD \[.*"(server\/[a-z]+\.ts)"\]/.exec(dockerfile)?.[1] ?? '';
    expect(entry).toBe('server/node.ts');
    expect(read(entry)).toContain('env.HOST');
    expect(dockerfile).toMatch(/ENV HOST=0\.0\.0\.0/);
    expect(dockerfile).toMatch(/RUN npm ci/);
    expect(dockerfile).toMatch(/RUN npm run build/);
  });
});
