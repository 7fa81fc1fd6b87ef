import { Inflate } from 'fflate';

/*
 * Compressed data in an attached file (a Word file's parts, a PDF's streams)
 * can unpack to a thousand times its size: a 2.5 MB Word file to 3.2 GB, a
 * 6 MB PDF to 1.5 GB. So it is never unpacked whole on trust: it is fed to
 * the inflater a few kilobytes at a time and what comes out is counted
 * against a budget, stopping as soon as the budget would be passed. One step
 * of STEP_BYTES in can give at most about 1,032 times that out (deflate's
 * densest code), so the memory used stays within the budget plus about 4 MB.
 */

const STEP_BYTES = 4096;

/** What may still be unpacked, shared by every part of one file. */
export class InflateBudget {
  /** Bytes unpacked so far, whether kept or only counted. */
  inflated = 0;
  constructor(readonly limit: number) {}
}

class OverBudget extends Error {}

/**
 * Raw deflate data unpacked within the budget: the bytes (or, with keep
 * false, an empty array once counted), or 'overBudget' as soon as they would
 * pass it. Throws on data that is not deflate.
 */
export function inflateWithin(data: Uint8Array, budget: InflateBudget, keep = true): Uint8Array | 'overBudget' {
  const chunks: Uint8Array[] = [];
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    budget.inflated += chunk.length;
    if (budget.inflated > budget.limit) throw new OverBudget();
    if (keep) chunks.push(chunk);
    finished ||= final;
  });
  try {
    for (let at = 0; at < data.length && !finished; at += STEP_BYTES) {
      inflater.push(data.subarray(at, at + STEP_BYTES), at + STEP_BYTES >= data.length);
    }
  } catch (error) {
    if (error instanceof OverBudget) return 'overBudget';
    throw error;
  }
  return joinBytes(chunks);
}

/** The chunks one after another, in one array. */
export function joinBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
