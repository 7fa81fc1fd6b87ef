import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClock, formatHlc, type Clock } from './hlc';
import { applyRemote, mergeItems, sameItem } from './mergeItem';
import type { SyncItem } from './syncItem';

const stampArb = fc.record({ wall: fc.integer({ min: 0, max: 20 }), counter: fc.integer({ min: 0, max: 3 }), node: fc.constantFrom('dev_a', 'dev_b', 'dev_c') }).map(formatHlc);
const fieldsArb = fc.dictionary(fc.constantFrom('name', 'data', 'topic'), fc.record({ v: fc.oneof(fc.integer(), fc.string({ maxLength: 3 })), t: stampArb }), { maxKeys: 3 });
const itemArb: fc.Arbitrary<SyncItem> = fc
  .record({ f: fieldsArb, d: fc.option(stampArb, { nil: undefined }) })
  .map(({ f, d }) => ({ c: 'project', id: 'proj_1', f, ...(d !== undefined ? { d } : {}) }));

describe('the merge rule', () => {
  it('is commutative, associative and idempotent, so order and repeats never matter', () => {
    fc.assert(
      fc.property(itemArb, itemArb, itemArb, (a, b, c) => {
        expect(sameItem(mergeItems(a, b), mergeItems(b, a))).toBe(true);
        expect(sameItem(mergeItems(mergeItems(a, b), c), mergeItems(a, mergeItems(b, c)))).toBe(true);
        expect(sameItem(mergeItems(a, a), mergeItems(a, mergeItems(a, a)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps both edits when two devices change different fields of one item', () => {
    const a: SyncItem = { c: 'project', id: 'p', f: { name: { v: 'Biology', t: formatHlc({ wall: 5, counter: 0, node: 'dev_a' }) } } };
    const b: SyncItem = { c: 'project', id: 'p', f: { topic: { v: 'Cells', t: formatHlc({ wall: 3, counter: 0, node: 'dev_b' }) } } };
    expect(mergeItems(a, b).f).toEqual({ name: a.f.name, topic: b.f.topic });
  });

  it('tells a replica which fields a remote version changed there', () => {
    const local: SyncItem = { c: 'project', id: 'p', f: { name: { v: 'Old', t: formatHlc({ wall: 1, counter: 0, node: 'dev_a' }) } } };
    const remote: SyncItem = { c: 'project', id: 'p', f: { name: { v: 'New', t: formatHlc({ wall: 2, counter: 0, node: 'dev_b' }) } } };
    expect(applyRemote(local, remote)).toMatchObject({ changedFields: ['name'], deleted: false, changed: true });
    expect(applyRemote(remote, local)).toMatchObject({ changedFields: [], changed: false });
    expect(applyRemote(local, { ...remote, f: {}, d: remote.f.name!.t })).toMatchObject({ deleted: true, changed: true });
  });
});

/*
 * Two devices and the server, with random edits, deletions, pushes and pulls
 * interleaved in any order (each device's outbox holding what it has not yet
 * pushed, as when offline). After everyone has pushed and pulled once more,
 * every replica holds the same items; each field of a live item holds the
 * value of its latest write by stamp on either device (no write is lost),
 * and an item deleted on either device is deleted everywhere.
 */
type Op =
  | { kind: 'edit'; device: 0 | 1; item: string; field: string; value: number }
  | { kind: 'delete'; device: 0 | 1; item: string }
  | { kind: 'push' | 'pull'; device: 0 | 1 }
  | { kind: 'clock'; device: 0 | 1; by: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), device: fc.constantFrom(0 as const, 1 as const), item: fc.constantFrom('i1', 'i2', 'i3'), field: fc.constantFrom('name', 'data'), value: fc.integer({ min: 0, max: 99 }) }),
  fc.record({ kind: fc.constant('delete' as const), device: fc.constantFrom(0 as const, 1 as const), item: fc.constantFrom('i1', 'i2', 'i3') }),
  fc.record({ kind: fc.constantFrom('push' as const, 'pull' as const), device: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ kind: fc.constant('clock' as const), device: fc.constantFrom(0 as const, 1 as const), by: fc.integer({ min: -3, max: 3 }) }),
);

interface Replica {
  items: Map<string, SyncItem>;
  outbox: Map<string, SyncItem>;
  clock: Clock;
  time: number;
}

function put(into: Map<string, SyncItem>, item: SyncItem) {
  const existing = into.get(item.id);
  into.set(item.id, existing ? mergeItems(existing, item) : item);
}

describe('two devices and the server, in any interleaving', () => {
  it('converge and lose no write', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const server = new Map<string, SyncItem>();
        const devices: Replica[] = [0, 1].map((n) => {
          const replica: Replica = { items: new Map(), outbox: new Map(), time: 100, clock: createClock('dev_x') };
          replica.clock = createClock(`dev_${n}`, () => replica.time); // each device's own (possibly wrong) clock
          return replica;
        });
        const writes: { item: string; field: string; value: number; t: string }[] = [];
        const deletes = new Set<string>();
        const run = (op: Op) => {
          const device = devices[op.device]!;
          if (op.kind === 'clock') device.time += op.by;
          else if (op.kind === 'edit' || op.kind === 'delete') {
            const t = device.clock.tick();
            const change: SyncItem = op.kind === 'edit' ? { c: 'x', id: op.item, f: { [op.field]: { v: op.value, t } } } : { c: 'x', id: op.item, f: {}, d: t };
            if (op.kind === 'edit') writes.push({ item: op.item, field: op.field, value: op.value, t });
            else deletes.add(op.item);
            put(device.items, change);
            put(device.outbox, change);
          } else if (op.kind === 'push') {
            for (const item of device.outbox.values()) put(server, item);
            device.outbox.clear();
          } else {
            for (const item of server.values()) {
              for (const stamp of [...Object.values(item.f).map((f) => f.t), ...(item.d ? [item.d] : [])]) device.clock.observe(stamp);
              put(device.items, item);
            }
          }
        };
        ops.forEach(run);
        for (const device of [0, 1] as const) run({ kind: 'push', device });
        for (const device of [0, 1] as const) run({ kind: 'pull', device });

        for (const device of devices) {
          expect([...device.items.keys()].sort()).toEqual([...server.keys()].sort());
          for (const [id, item] of server) expect(sameItem(device.items.get(id)!, item)).toBe(true);
        }
        for (const id of new Set(writes.map((w) => w.item))) {
          const item = server.get(id)!;
          if (deletes.has(id)) {
            expect(item.d).toBeDefined();
            continue;
          }
          for (const field of ['name', 'data']) {
            const latest = writes.filter((w) => w.item === id && w.field === field).sort((a, b) => (a.t < b.t ? 1 : -1))[0];
            if (latest) expect(item.f[field]).toEqual({ v: latest.value, t: latest.t });
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
