import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEMINI_AUDIO_MIME_TYPES, startFakeGemini, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { wavRecording } from '../src/providers/testing/wavFile';

/*
 * The gateway as the Supabase Edge Function (supabase/functions/gemini), run
 * here with what Supabase's runtime offers it (Deno.env, Deno.serve) and set up
 * as the README's recipe is: GEMINI_API_KEY only (with GEMINI_BASE_URL at the
 * strict Gemini fake). An app built for it (VITE_STUDYFORGE_TRANSCRIBE_URL=
 * {project}/functions/v1/gemini) asks which audio types the transcriber takes
 * and uploads recordings under the function's own address.
 */

const APP_ORIGIN = 'https://school.example';
const TRANSCRIPT = 'The mitochondria is where respiration happens.';
const documentedGeminiTypes = [...GEMINI_AUDIO_MIME_TYPES].sort();

let gemini: FakeProviderServer;
const geminiEnv = () => ({ GEMINI_API_KEY: 'gemini-key', GEMINI_BASE_URL: gemini.origin, GEMINI_MODEL: 'gemini-caps-test', STUDYFORGE_ALLOWED_ORIGINS: APP_ORIGIN });

beforeAll(async () => {
  gemini = await startFakeGemini({ apiKey: 'gemini-key', model: 'gemini-caps-test', script: [{ kind: 'text', text: TRANSCRIPT }] });
});
afterAll(() => gemini.close());

describe('the gateway as a Supabase Edge Function', () => {
  let handler: ((request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>) | undefined;
  const supabase = (pathname: string, init?: RequestInit) =>
    Promise.resolve(handler!(new Request(`http://project.supabase.co${pathname}`, init), { remoteAddr: { hostname: '203.0.113.9' } }));

  beforeAll(async () => {
    // What Supabase's runtime offers the function: Deno.env and Deno.serve (the function serves from the handler it is given).
    const scope = globalThis as unknown as { Deno?: unknown };
    scope.Deno = {
      env: { toObject: () => geminiEnv() },
      serve: (given: typeof handler) => {
        handler = given;
      },
    };
    try {
      await import('../supabase/functions/gemini/index');
    } finally {
      delete scope.Deno;
    }
  });

  it("answers under the function's own address, where an app built for it asks", async () => {
    for (const pathname of ['/gemini/capabilities', '/functions/v1/gemini/capabilities']) {
      const response = await supabase(pathname, { headers: { Origin: APP_ORIGIN } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(((await response.json()) as { transcription: { accepts: string[] } }).transcription.accepts.sort()).toEqual(documentedGeminiTypes);
    }
  });

  it('transcribes a WAV recording posted under the function\'s address', async () => {
    const form = new FormData();
    form.append('file', wavRecording(1), 'recording.wav');
    const response = await supabase('/gemini/speechtotext/speechtotext/transcribe-audio/', { method: 'POST', body: form, headers: { Origin: APP_ORIGIN } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: TRANSCRIPT });
    expect(gemini.exchanges.at(-1)?.problems).toEqual([]);
    // The text contract keeps its own two paths.
    const text = await supabase('/gemini', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: APP_ORIGIN }, body: JSON.stringify({ contents: 'Hi' }) });
    expect(text.status).toBe(200);
  });
});
