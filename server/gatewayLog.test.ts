import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAudioSize } from '../src/providers/audioFiles';
import { MAX_DETAIL_LENGTH, providerMessages } from '../src/providers/errors';
import { undocumentedAudioMessage } from '../src/providers/geminiAudio';
import { ProviderError } from '../src/providers/types';
import { gatewaySettingsFromEnv } from './config';
import { failureKind, logProviderFailure, logUnexpectedFailure, UPSTREAM_DETAIL_VARIABLE } from './gatewayLog';

/*
 * The failure lines themselves (gatewayLog.ts); logsHoldNoContent.test.ts
 * proves the same on the real gateway process's output.
 */

const NAME = 'Zanele Okonkwo-Brennan';

/** Everything console.warn and console.error were given during `run`, as one string. */
function logged(run: () => void): string {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  vi.spyOn(console, 'warn').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
  run();
  return lines.join('\n');
}

afterEach(() => vi.restoreAllMocks());

describe('failure kinds', () => {
  it('names every fixed providerMessages sentence by its own key', () => {
    for (const [key, message] of Object.entries(providerMessages)) {
      if (typeof message === 'string') expect(failureKind(message)).toBe(key);
    }
  });

  it('names every providerMessages template, keeping only the upstream status', () => {
    expect(failureKind(providerMessages.upstreamProblem(503))).toBe('upstreamProblem (upstream status 503)');
    expect(failureKind(providerMessages.refused(400))).toBe('refused (upstream status 400)');
    expect(failureKind(providerMessages.tooLong(4 * 1024 * 1024))).toBe('tooLong');
    expect(failureKind(providerMessages.declinedBecause('its safety filter stopped the answer'))).toBe('declinedBecause');
    expect(failureKind(providerMessages.unknownModel('gpt-x', 'OPENAI_MODEL'))).toBe('unknownModel');
    expect(failureKind(providerMessages.modelNotPulled('llama3.2', 'OLLAMA_MODEL'))).toBe('modelNotPulled');
    const templates = Object.values(providerMessages).filter((message) => typeof message === 'function');
    expect(templates).toHaveLength(6); // a new template needs a kind in gatewayLog.ts' TEMPLATE_KINDS, and a line above
  });

  it('never quotes what the caller wrote into a message (an upload\'s declared type)', () => {
    expect(failureKind(undocumentedAudioMessage(`audio/${NAME}`))).toBe('audioTypeNotDocumented');
    let tooLarge: unknown;
    try {
      checkAudioSize(new Blob([new Uint8Array(26 * 1024 * 1024)]), 'openai');
    } catch (error) {
      tooLarge = error;
    }
    expect(tooLarge).toBeInstanceOf(ProviderError);
    expect(failureKind((tooLarge as ProviderError).message)).toBe('recordingTooLarge');
    expect(failureKind(`Something new about ${NAME}`)).toBe('other');
  });
});

describe('failure lines', () => {
  const echo = new ProviderError(providerMessages.refused(400), 502, undefined, `Invalid input "Report for ${NAME}", key sk-abcdefghijklmnop`);

  it('by default hold the status and kind, and say how to see the provider\'s words without quoting them', () => {
    const line = logged(() => logProviderFailure(echo, { upstreamDetail: false }));
    expect(line).toBe(`[gateway] provider failure: 502 refused (upstream status 400) (the provider's own words are not logged; ${UPSTREAM_DETAIL_VARIABLE}=1 logs them)`);
  });

  it('with the opt-in add the provider\'s words, keys redacted, cut short', () => {
    const long = new ProviderError(providerMessages.refused(400), 502, undefined, `token=abc123secret ${NAME} ${'quoted input '.repeat(100)}`);
    const line = logged(() => logProviderFailure(long, { upstreamDetail: true }));
    const detail = line.split(' | upstream said: ')[1] ?? '';
    expect(detail).toContain(NAME);
    expect(detail).toContain('token=[redacted]');
    expect(detail).not.toContain('abc123secret');
    expect(detail.length).toBeLessThanOrEqual(MAX_DETAIL_LENGTH);
  });

  it('log an unexpected error by its class only: V8\'s JSON errors quote the text they could not read', () => {
    let parseError: unknown;
    try {
      JSON.parse(`${NAME} reads aloud with expression`);
    } catch (error) {
      parseError = error;
    }
    expect(String(parseError)).toContain('Zanele'); // the leak this guards against
    expect(logged(() => logUnexpectedFailure(parseError, { upstreamDetail: false }))).toBe('[gateway] unexpected failure: SyntaxError');
    expect(logged(() => logUnexpectedFailure(parseError, { upstreamDetail: true }))).toMatch(/^\[gateway\] unexpected failure: SyntaxError: .*Zanele/);
  });

  it('do not take an error name made from data', () => {
    const named = Object.assign(new Error('x'), { name: `Report for ${NAME}` });
    expect(logged(() => logUnexpectedFailure(named, { upstreamDetail: false }))).toBe('[gateway] unexpected failure: Error');
  });
});

describe(`${UPSTREAM_DETAIL_VARIABLE}`, () => {
  it('is off unless set to 1 or true, and refuses anything else', () => {
    expect(gatewaySettingsFromEnv({}).log.upstreamDetail).toBe(false);
    expect(gatewaySettingsFromEnv({ [UPSTREAM_DETAIL_VARIABLE]: '0' }).log.upstreamDetail).toBe(false);
    expect(gatewaySettingsFromEnv({ [UPSTREAM_DETAIL_VARIABLE]: '1' }).log.upstreamDetail).toBe(true);
    expect(gatewaySettingsFromEnv({ [UPSTREAM_DETAIL_VARIABLE]: 'TRUE' }).log.upstreamDetail).toBe(true);
    expect(() => gatewaySettingsFromEnv({ [UPSTREAM_DETAIL_VARIABLE]: 'yes' })).toThrow(/must be 1/);
  });
});
