import { expect, type Page } from '@playwright/test';
import type { FakeExchange } from '../../src/providers/testing/fakeProviders';

/*
 * Recording flows against a Gemini transcriber: record from the fake microphone
 * (playwright.config.ts), then read what audio reached the strict Gemini fake.
 */

/** Records about 1.2 s with the page's recorder (Audio Notes) and sends it. */
export async function recordForAMoment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start recording' }).click();
  const stop = page.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(1200); // Real time: the fake microphone has to produce some audio.
  await stop.click();
}

/** The audio a Gemini transcription call carried inline: its declared type and its bytes. */
export function inlineAudioOf(exchange: FakeExchange | undefined): { mimeType: string | undefined; bytes: Buffer } {
  const parts = (exchange?.json as { contents: { parts: { inline_data?: { mime_type: string; data: string } }[] }[] }).contents[0]!.parts;
  const inline = parts.find((part) => part.inline_data)?.inline_data;
  return { mimeType: inline?.mime_type, bytes: Buffer.from(inline?.data ?? '', 'base64') };
}
