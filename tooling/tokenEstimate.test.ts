import { describe, expect, it } from 'vitest';
import { ANSWER_ALLOWANCE, estimateTokens as chargedEstimate, reservationFor } from '../server/callCharge';
import { estimatedTokens as attachedEstimate } from '../src/features/sources/limits';
import { CHARACTERS_PER_TOKEN, estimateTokens } from '../src/kernel/tokenEstimate';

/*
 * The attach panel tells a teacher an attachment's share of a model's context
 * in tokens; the gateway's budgets reserve and charge a call by the same kind
 * of estimate. Two copies of "4 characters a token" could drift apart, and the
 * panel would then understate what the budgets charge: there is one estimate.
 */

describe('one token estimate for the attach panel and the gateway budgets', () => {
  it('counts an attachment in the very tokens the gateway reserves for sending it', () => {
    for (const text of ['', 'a', 'Cells are the unit of life.', 'x'.repeat(120_001)]) {
      expect(attachedEstimate(text.length)).toBe(reservationFor(text) - ANSWER_ALLOWANCE);
      expect(attachedEstimate(text.length)).toBe(Math.ceil(text.length / CHARACTERS_PER_TOKEN));
    }
  });

  it('is the kernel estimate in both places, not two copies that agree today', () => {
    expect(attachedEstimate).toBe(estimateTokens);
    expect(chargedEstimate).toBe(estimateTokens);
  });
});
