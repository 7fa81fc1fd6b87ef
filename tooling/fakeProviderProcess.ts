import { startFakeOpenAI } from '../src/providers/testing/fakeProviders';

/*
 * The OpenAI-compatible fake provider (src/providers/testing/fakes) as a process
 * of its own, for the scaling run of the load test (tooling/loadTest.ts
 * --instances): run there as `node --import tsx tooling/fakeProviderProcess.ts`
 * in its own process group, so its work does not share the load client's event
 * loop and stopping the group stops it.
 *
 * Prints one JSON line when listening: {"port", "baseUrl", "model", "apiKey"}.
 * Then one JSON line a second, {"served", "problems", "firstProblem"}: the
 * chat requests since start and how many did not fit the published API. The
 * fake records every exchange (for tests that look at them); under load that
 * would grow without end, so the record is counted and forgotten each tick.
 *
 * It answers at once (no delay between stream pieces): the load test measures
 * the gateways, not a model. FAKE_PROVIDER_ANSWER may replace the answer text.
 */

const MODEL = 'load-test-model';
// Not a secret: a key for a fake on loopback, so the gateway's Authorization header is checked as a real host would.
const API_KEY = 'sk-load-test-fake-key';
const ANSWER = process.env.FAKE_PROVIDER_ANSWER ?? JSON.stringify({ summary: 'Plants turn light, water and carbon dioxide into sugar and oxygen.' });

const fake = await startFakeOpenAI({
  // 'generic': the gateway sees a local OpenAI-compatible server (vLLM, llama.cpp), as a school might run.
  flavour: 'generic',
  model: MODEL,
  apiKey: API_KEY,
  chunkDelayMs: 0,
  script: [{ kind: 'text', text: ANSWER }],
});

console.log(JSON.stringify({ port: Number(new URL(fake.origin).port), baseUrl: fake.baseUrl, model: MODEL, apiKey: API_KEY }));

let served = 0;
let problems = 0;
let firstProblem: string | null = null;
const tick = setInterval(() => {
  for (const exchange of fake.exchanges) {
    // The gateway's start-up model check asks GET /v1/models, which this fake does not serve: not a load request.
    if (exchange.path !== '/v1/chat/completions') continue;
    served += 1;
    if (exchange.problems.length > 0) {
      problems += 1;
      firstProblem ??= exchange.problems.join('; ');
    }
  }
  fake.reset();
  console.log(JSON.stringify({ served, problems, firstProblem }));
}, 1000);

const stop = () => {
  clearInterval(tick);
  void fake.close().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
