import { detectSetup, type SetupId } from './capabilities';

/*
 * What stands behind an OpenAI-compatible URL. The host name says it for the
 * public services and the documented local ports (capabilities.ts
 * detectSetup), but not for a proxy: a school's LiteLLM or API gateway in
 * front of api.openai.com has a host of its own, and would get the generic
 * row (no strict schemas, no streamed usage). OPENAI_SETUP names the setup
 * outright; the start-up line says which setup is used and why.
 */

/** The setups OPENAI_SETUP may name: the rows of capabilities.ts that speak the OpenAI chat API. */
export const OPENAI_SETUPS = ['openai', 'openrouter', 'groq', 'vllm', 'lmstudio', 'llamacpp', 'ollama-openai', 'openai-compatible'] as const satisfies readonly SetupId[];

export interface ChosenSetup {
  setup: SetupId;
  /** 'set': OPENAI_SETUP named it; 'detected': read from the URL's host and port. */
  source: 'set' | 'detected';
}

function isOpenAISetup(value: string): value is (typeof OPENAI_SETUPS)[number] {
  return (OPENAI_SETUPS as readonly string[]).includes(value);
}

/** The setup for `baseUrl`: OPENAI_SETUP when given (checked), else detected; an unknown value throws naming the allowed ones. */
export function chooseOpenAISetup(value: string | undefined, baseUrl: string): ChosenSetup {
  if (value === undefined) return { setup: detectSetup(baseUrl), source: 'detected' };
  const setup = value.toLowerCase();
  if (!isOpenAISetup(setup)) {
    throw new Error(
      `OPENAI_SETUP must be one of: ${OPENAI_SETUPS.join(', ')} (it is '${value}'). It says what answers at OPENAI_BASE_URL, ` +
        'e.g. OPENAI_SETUP=openai for a proxy in front of api.openai.com; leave it unset to detect it from the address.',
    );
  }
  return { setup, source: 'set' };
}

/** For the start-up line: the setup used and why. */
export function describeSetup({ setup, source }: ChosenSetup): string {
  return `setup ${setup}, ${source === 'set' ? 'set by OPENAI_SETUP' : 'detected from the address'}`;
}
