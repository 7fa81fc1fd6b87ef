import { estimateTokens } from '../src/kernel/tokenEstimate';
import type { TokenUsage } from '../src/providers/types';

/*
 * What one text call is charged, for the budgets and the metrics alike (the
 * same figures in both): reserved before the provider is called, settled
 * when the call is over (budgets.ts).
 *
 * The reservation is the prompt's estimate plus ANSWER_ALLOWANCE for the
 * answer. The settlement is the provider's own count when it reported one;
 * else the kernel's estimate (src/kernel/tokenEstimate.ts) of the prompt and of the answer. A call whose
 * caller left, or that the gateway cut for taking too long, before the
 * provider's count arrived, keeps its whole reservation, or what was
 * streamed if that is more: the provider was working on it and may have
 * billed far more than what reached the caller (a stream read to its last
 * delta, then cancelled, loses the count that follows it), so leaving is
 * never cheaper than staying. Only a provider that refused the call before
 * answering anything (an error of its own, not an abort) charges nothing.
 */

/** Tokens estimated where a provider reports none (the one estimate the attach panel shows too). */
export { estimateTokens };

/**
 * The answer's share of a reservation: about 4,000 characters, a long tool answer. A bigger allowance would
 * hold more of a nearly used-up allowance back from calls running at the same moment; a smaller one would let
 * a caller who leaves early pay less than a typical answer costs.
 */
export const ANSWER_ALLOWANCE = 1_000;

/** The tokens reserved before a call with this prompt. */
export const reservationFor = (prompt: string): number => estimateTokens(prompt.length) + ANSWER_ALLOWANCE;

export interface ChargedTokens {
  input: number;
  output: number;
  source: 'reported' | 'estimated';
}

/** How a call ended: `cut` when the caller left or the gateway gave up waiting, `failed` when the provider answered with an error. */
export type CallEnd = 'complete' | 'cut' | 'failed';

export interface CallCharge {
  onUsage(usage: TokenUsage): void;
  answered(text: string): void;
  /** The call is over; charges it once (later calls do nothing), resolving once the budgets have it, so the caller's next call sees it. */
  settle(end: CallEnd): Promise<void>;
}

/** The charge of one call with this prompt; `charge` is told the tokens once, when it ends. */
export function callCharge(prompt: string, charge: (tokens: ChargedTokens) => Promise<void>): CallCharge {
  let reported: TokenUsage | undefined;
  let answerCharacters = 0;
  let settled = false;
  return {
    onUsage: (usage) => {
      reported = usage;
    },
    answered: (text) => {
      answerCharacters += text.length;
    },
    settle: (end) => {
      if (settled) return Promise.resolve();
      settled = true;
      if (reported) return charge({ input: reported.inputTokens, output: reported.outputTokens, source: 'reported' });
      if (end === 'failed' && answerCharacters === 0) return charge({ input: 0, output: 0, source: 'estimated' });
      const output = estimateTokens(answerCharacters);
      return charge({ input: estimateTokens(prompt.length), output: end === 'cut' ? Math.max(output, ANSWER_ALLOWANCE) : output, source: 'estimated' });
    },
  };
}
