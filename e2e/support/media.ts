import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** A mono 16-bit PCM WAV of a sine tone: what Chromium's fake microphone plays, and a file to upload. */
export function sineWav(seconds = 2, frequency = 440, sampleRate = 16_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.3 * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Writes the tone once per run, for the fake microphone to read at browser launch. */
export function fakeMicrophoneWav(): string {
  const dir = path.join(tmpdir(), 'studyforge-e2e');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'fake-microphone.wav');
  writeFileSync(file, sineWav(3));
  return file;
}

/** The microphone refuses, as when a user clicks Block. */
export async function denyMicrophone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    });
  });
}

export interface SpeechPlan {
  /** What the recogniser hears, one result each, in order; the last may be interim. */
  results: { text: string; final: boolean; atMs: number }[];
  /** An engine error code to raise shortly after start, e.g. 'not-allowed'. */
  error?: string;
}

/**
 * Replaces the browser's SpeechRecognition with a scripted one, so flows can
 * rehearse without a voice: it emits the planned results at their times (on
 * the page's clock), and ends when stopped.
 */
export async function scriptSpeechRecognition(page: Page, plan: SpeechPlan): Promise<void> {
  await page.addInitScript((speech: SpeechPlan) => {
    type Handler<T> = ((event: T) => void) | null;
    class ScriptedRecognition {
      continuous = false;
      interimResults = false;
      lang = '';
      onresult: Handler<unknown> = null;
      onerror: Handler<{ error: string }> = null;
      onend: (() => void) | null = null;
      private timers: number[] = [];
      start() {
        (window as unknown as { __recognition: ScriptedRecognition }).__recognition = this;
        const heard: { transcript: string; isFinal: boolean }[] = [];
        speech.results.forEach((result, index) => {
          this.timers.push(
            window.setTimeout(() => {
              heard[index] = { transcript: result.text, isFinal: result.final };
              const results = heard.map((r) => Object.assign([{ transcript: r.transcript }], { isFinal: r.isFinal }));
              this.onresult?.({ resultIndex: index, results });
            }, result.atMs),
          );
        });
        if (speech.error) {
          this.timers.push(
            window.setTimeout(() => {
              this.onerror?.({ error: speech.error ?? '' });
              this.end();
            }, 100),
          );
        }
      }
      stop() {
        window.setTimeout(() => this.end(), 10);
      }
      abort() {
        this.end();
      }
      private end() {
        this.timers.forEach((t) => window.clearTimeout(t));
        this.timers = [];
        const onend = this.onend;
        this.onend = null;
        onend?.();
      }
    }
    Object.assign(window, { SpeechRecognition: ScriptedRecognition, webkitSpeechRecognition: ScriptedRecognition });
  }, plan);
}

/** A browser without speech recognition (Firefox, Safari), optionally without recording either. */
export async function removeSpeechRecognition(page: Page, alsoRecording = false): Promise<void> {
  await page.addInitScript((noRecording: boolean) => {
    const scope = window as unknown as Record<string, unknown>;
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
    Object.defineProperty(window, 'webkitSpeechRecognition', { value: undefined });
    if (noRecording) Object.defineProperty(window, 'MediaRecorder', { value: undefined });
  }, alsoRecording);
}
