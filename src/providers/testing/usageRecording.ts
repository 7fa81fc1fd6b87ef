import { expect, vi } from 'vitest';
import type { ProviderRequest, TextProvider, TokenUsage } from '../types';

/*
 * Recording what a provider tells ProviderRequest.onUsage during a call, for
 * the metering tests (usage.test.ts, openaiCompatibleUsage.test.ts).
 */

/** What happened during a call, in order: each delta, and each usage told. */
export type Event = { delta: string } | { usage: TokenUsage };

export interface Recorded {
  events: Event[];
  onUsage: ReturnType<typeof vi.fn<(usage: TokenUsage) => void>>;
  request: ProviderRequest;
}

export function record(prompt: string, extra: Partial<ProviderRequest> = {}): Recorded {
  const events: Event[] = [];
  const onUsage = vi.fn((usage: TokenUsage) => {
    events.push({ usage });
  });
  return { events, onUsage, request: { prompt, ...extra, onUsage } };
}

export async function streamInto(provider: TextProvider, recorded: Recorded): Promise<void> {
  for await (const delta of provider.stream(recorded.request)) recorded.events.push({ delta });
}

/** The usage was told once, after every delta. */
export function toldOnceAtTheEnd(recorded: Recorded, usage: TokenUsage): void {
  expect(recorded.onUsage).toHaveBeenCalledTimes(1);
  expect(recorded.onUsage).toHaveBeenCalledWith(usage);
  expect(recorded.events.at(-1)).toEqual({ usage });
  expect(recorded.events.filter((event) => 'delta' in event).length).toBeGreaterThan(0);
}

/** A whole JSON answer for a fake provider to send as it is. */
export const json = (body: unknown) => ({ kind: 'raw' as const, status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
