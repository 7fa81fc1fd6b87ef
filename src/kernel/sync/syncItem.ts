import { z } from 'zod';
import { nestedDeeperThan } from '../resultText';
import { HLC_PATTERN, parseHlc, type Hlc } from './hlc';

/*
 * What travels between a device and the server when a signed-in person's
 * work syncs, and the bounds on it. The server reads every push with
 * parsePushBody: anything of another shape, too big, too deep, stamped far
 * in the future or naming an owner is refused whole, and nothing is written.
 * An item never says whose it is: the server files it under the person
 * signed in, so no payload can reach another owner's rows.
 */

export const SYNC_LIMITS = {
  itemsPerPush: 500,
  itemsPerPull: 500,
  fieldsPerItem: 64,
  /** One item as JSON: a saved result with its versions fits many times over. */
  itemBytes: 1_000_000,
  /** A whole push as JSON (what the gateway's body limit also says). */
  pushBytes: 4_000_000,
  valueDepth: 32,
  /** How far ahead of the server's clock a stamp may be: a device whose clock runs days ahead would otherwise win every merge. */
  futureSkewMs: 24 * 60 * 60 * 1000,
} as const;

const hlc = z.string().regex(HLC_PATTERN, 'is not a sync stamp');

export const syncFieldSchema = z.strictObject({ v: z.unknown(), t: hlc });

export const syncItemSchema = z.strictObject({
  c: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'is not a collection name'),
  id: z.string().min(1).max(200),
  f: z.record(z.string().min(1).max(64), syncFieldSchema),
  d: z.optional(hlc),
});

export type SyncField = z.infer<typeof syncFieldSchema>;
export type SyncItem = z.infer<typeof syncItemSchema>;

export const pushBodySchema = z.strictObject({ items: z.array(syncItemSchema).max(SYNC_LIMITS.itemsPerPush) });
export type PushBody = z.infer<typeof pushBodySchema>;

export interface PushReply {
  /** The latest change number of this person's data after the push. */
  seq: number;
}

export interface PullReply {
  items: SyncItem[];
  /** The change number to ask from next time. */
  seq: number;
  /** More changes wait beyond this page. */
  more: boolean;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** The first problem with one item beyond its shape, in words; undefined when it is fine. */
function itemProblem(item: SyncItem, index: number, now: number): string | undefined {
  const where = `Item ${index + 1} (${item.c} "${item.id.slice(0, 40)}")`;
  const fields = Object.entries(item.f);
  if (fields.length > SYNC_LIMITS.fieldsPerItem) return `${where} has more than ${SYNC_LIMITS.fieldsPerItem} fields.`;
  if (fields.some(([, field]) => field.v === undefined)) return `${where} has a field without a value.`;
  if (fields.some(([, field]) => typeof field.v === 'object' && field.v !== null && nestedDeeperThan(field.v, SYNC_LIMITS.valueDepth))) {
    return `${where} is nested more than ${SYNC_LIMITS.valueDepth} levels deep.`;
  }
  if (JSON.stringify(item).length > SYNC_LIMITS.itemBytes) return `${where} is larger than ${SYNC_LIMITS.itemBytes / 1_000_000} MB.`;
  const stamps: Hlc[] = [...fields.map(([, field]) => field.t), ...(item.d ? [item.d] : [])];
  const latest = Math.max(...stamps.map((stamp) => parseHlc(stamp)?.wall ?? 0));
  if (latest > now + SYNC_LIMITS.futureSkewMs) return `${where} is dated more than a day ahead: check this device's clock.`;
  return undefined;
}

/** Reads a push from a device: the items, or one plain sentence naming what is wrong. */
export function parsePushBody(json: unknown, now: number = Date.now()): Parsed<PushBody> {
  // Depth first, before any recursive reader walks it: a hostile body may be nested far past the stack.
  if (typeof json === 'object' && json !== null && nestedDeeperThan(json, SYNC_LIMITS.valueDepth + 8)) {
    return { ok: false, message: `The changes are nested more than ${SYNC_LIMITS.valueDepth} levels deep.` };
  }
  const parsed = pushBodySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, message: `The changes are not in the expected form${path}: ${issue?.message ?? 'unreadable'}.` };
  }
  for (const [index, item] of parsed.data.items.entries()) {
    const problem = itemProblem(item, index, now);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, value: parsed.data };
}
