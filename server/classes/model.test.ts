import { describe, expect, it } from 'vitest';
import { runTool } from '../../src/kernel/runTool';
import type { TextProvider } from '../../src/providers/types';
import { classModelFor } from './model';
import { loadServerTool } from './serverTools';
import { recordingProvider } from './testing/recordingProvider';

describe('the class model', () => {
  it('answers offline with the tool’s registry example when the gateway has no provider', async () => {
    const model = classModelFor(null);
    const tool = await loadServerTool('quiz-whiz');
    if (!tool) throw new Error('no quiz-whiz');
    expect(model.sample).toBe(true);
    expect(await runTool(tool, { topic: 'Anything' }, model.backend)).toEqual({ kind: 'json', data: tool.example.output });
  });

  it('sends the response schema and reads the provider’s JSON, as the browser’s own-key mode does', async () => {
    const provider = recordingProvider((_prompt, schema) => (schema ? '```json\n{"ok": true}\n```' : 'plain'));
    const { backend } = classModelFor(provider);
    expect(await backend.generate({ prompt: 'p', responseSchema: { type: 'OBJECT', properties: { ok: { type: 'BOOLEAN' } } } })).toEqual({ ok: true });
    expect(await backend.generate({ prompt: 'p' })).toBe('plain');
  });

  it('gives up on a model that never answers, at its time limit', async () => {
    const silent: TextProvider = {
      ...recordingProvider(),
      generate: ({ signal }) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true })),
    };
    const { backend } = classModelFor(silent, { timeLimitMs: 20 });
    await expect(backend.generate({ prompt: 'p' })).rejects.toThrow();
  });

  it('reads only the registry’s own tools', async () => {
    expect(await loadServerTool('../server/node')).toBeNull();
    expect(await loadServerTool('no-such-tool')).toBeNull();
    expect((await loadServerTool('analogy-generator'))?.title).toBe('Analogy Generator');
  });
});
