import type { Backend, GenerateRequest } from '../backend/types';

/**
 * A backend for engine tests that answers from a script, in order, and fails
 * a request beyond it (as a backend that went away would), recording every
 * request as the engine made it.
 */
export function scriptedBackend(answers: readonly unknown[], kind: Backend['kind'] = 'contract') {
  const requests: GenerateRequest[] = [];
  const backend: Backend = {
    kind,
    generate: async (request) => {
      requests.push(request);
      if (requests.length > answers.length) throw new Error('This test scripted no more answers.');
      return answers[requests.length - 1];
    },
  };
  return { backend, requests };
}
