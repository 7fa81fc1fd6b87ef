import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import type { Artifact, Project } from '../projects';
import { artifact, project, projectsOf, settle, testServer, type TestDevice } from './testing/devices';

/*
 * Two devices and the server, with random edits, deletions, connection drops,
 * reloads and syncs in any order. Once both are online and have synced, both
 * devices hold the same work, and nothing is lost: every project and saved
 * result not deleted on either device is there with its latest name or
 * topic, every pin is as last set, and every review made on either device
 * is kept. Time moves one millisecond per step, so "latest" is the step order.
 */

type Op =
  | { kind: 'create' | 'rename'; device: 0 | 1; project: string; name: string }
  | { kind: 'delete'; device: 0 | 1; project: string }
  | { kind: 'save'; device: 0 | 1; project: string; artifact: string; topic: string }
  | { kind: 'deleteArtifact'; device: 0 | 1; project: string; artifact: string }
  | { kind: 'pin'; device: 0 | 1; tool: string; on: boolean }
  | { kind: 'review'; device: 0 | 1; card: string }
  | { kind: 'offline' | 'online' | 'reload' | 'sync'; device: 0 | 1 };

const device = fc.constantFrom(0 as const, 1 as const);
const projectId = fc.constantFrom('proj_a', 'proj_b');
const text = fc.constantFrom('x', 'y', 'z', 'w');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('create' as const, 'rename' as const), device, project: projectId, name: text }),
  fc.record({ kind: fc.constant('delete' as const), device, project: projectId }),
  fc.record({ kind: fc.constant('save' as const), device, project: projectId, artifact: fc.constantFrom('art_1', 'art_2'), topic: text }),
  fc.record({ kind: fc.constant('deleteArtifact' as const), device, project: projectId, artifact: fc.constantFrom('art_1', 'art_2') }),
  fc.record({ kind: fc.constant('pin' as const), device, tool: fc.constantFrom('quiz', 'flashcards'), on: fc.boolean() }),
  fc.record({ kind: fc.constant('review' as const), device, card: fc.constantFrom('art_1:0', 'art_1:1') }),
  fc.record({ kind: fc.constantFrom('offline' as const, 'online' as const, 'reload' as const, 'sync' as const), device }),
);

interface Expected {
  created: Set<string>;
  deleted: Set<string>;
  names: Map<string, string>;
  topics: Map<string, string>;
  deletedArtifacts: Set<string>;
  pins: Map<string, boolean>;
  reviews: Set<string>;
}

const tombstones = (d: TestDevice) => (d.store.value(storageKeys.deleted) as { projects: string[]; artifacts: string[] } | undefined) ?? { projects: [], artifacts: [] };
const artifactsOf = (d: TestDevice, id: string) => (d.store.value(storageKeys.artifacts(id)) as Artifact[] | undefined) ?? [];
const liveProjects = (d: TestDevice) => projectsOf(d.store).filter((p) => !tombstones(d).projects.includes(p.id));

/** One step on a device, as its screens would do it (reading storage first); records what a person would expect to survive. */
function step(d: TestDevice, op: Op, expected: Expected, time: number) {
  const list = liveProjects(d);
  const here = (id: string) => list.find((p) => p.id === id);
  const stamp = new Date(time).toISOString();
  if (op.kind === 'create' && !expected.created.has(op.project)) {
    d.store.appWrite(storageKeys.projects, [...projectsOf(d.store), project(op.project, op.name, { createdAt: stamp })]);
    expected.created.add(op.project);
    expected.names.set(op.project, op.name);
  } else if (op.kind === 'rename' && here(op.project) && here(op.project)?.name !== op.name) {
    d.store.appWrite(storageKeys.projects, list.map((p): Project => (p.id === op.project ? { ...p, name: op.name, updatedAt: stamp } : p)));
    expected.names.set(op.project, op.name);
  } else if (op.kind === 'delete' && here(op.project)) {
    d.store.appWrite(storageKeys.deleted, { ...tombstones(d), projects: [...tombstones(d).projects, op.project] });
    d.store.appWrite(storageKeys.projects, list.filter((p) => p.id !== op.project));
    d.store.appRemove(storageKeys.artifacts(op.project));
    expected.deleted.add(op.project);
  } else if (op.kind === 'save' && here(op.project)) {
    const items = artifactsOf(d, op.project);
    const key = `${op.project}/${op.artifact}`;
    if (tombstones(d).artifacts.includes(key) || items.find((a) => a.id === op.artifact)?.topic === op.topic) return;
    const existing = items.find((a) => a.id === op.artifact);
    const saved = existing ? { ...existing, topic: op.topic } : artifact(op.artifact, { topic: op.topic, createdAt: stamp });
    d.store.appWrite(storageKeys.artifacts(op.project), [saved, ...items.filter((a) => a.id !== op.artifact)]);
    expected.topics.set(key, op.topic);
  } else if (op.kind === 'deleteArtifact' && artifactsOf(d, op.project).some((a) => a.id === op.artifact)) {
    d.store.appWrite(storageKeys.deleted, { ...tombstones(d), artifacts: [...tombstones(d).artifacts, `${op.project}/${op.artifact}`] });
    d.store.appWrite(storageKeys.artifacts(op.project), artifactsOf(d, op.project).filter((a) => a.id !== op.artifact));
    expected.deletedArtifacts.add(`${op.project}/${op.artifact}`);
  } else if (op.kind === 'pin') {
    const pins = (d.store.value(storageKeys.favourites) as string[] | undefined) ?? [];
    if (pins.includes(op.tool) === op.on) return;
    d.store.appWrite(storageKeys.favourites, op.on ? [...pins, op.tool] : pins.filter((tool) => tool !== op.tool));
    expected.pins.set(op.tool, op.on);
  } else if (op.kind === 'review') {
    const key = storageKeys.study('proj_a');
    const study = (d.store.value(key) as { cards: Record<string, { createdAt: string; reviews: { id: string; at: string; grade: number }[] }> } | undefined) ?? { cards: {} };
    const card = study.cards[op.card] ?? { createdAt: stamp, reviews: [] };
    const id = `rev_${time}`;
    d.store.appWrite(key, { ...study, cards: { ...study.cards, [op.card]: { ...card, reviews: [...card.reviews, { id, at: stamp, grade: 3 }] } } });
    expected.reviews.add(id);
  }
}

function reviewIds(d: TestDevice): string[] {
  const study = d.store.value(storageKeys.study('proj_a')) as { cards: Record<string, { reviews: { id: string }[] }> } | undefined;
  return Object.values(study?.cards ?? {}).flatMap((card) => card.reviews.map((review) => review.id)).sort();
}

describe('two devices and the server, in any interleaving', () => {
  it('converge and lose nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 40 }), async (ops) => {
        let time = Date.parse('2026-11-27T10:00:00.000Z');
        const world = testServer();
        const devices = [world.device({ now: () => time }), world.device({ now: () => time })];
        const expected: Expected = { created: new Set(), deleted: new Set(), names: new Map(), topics: new Map(), deletedArtifacts: new Set(), pins: new Map(), reviews: new Set() };
        try {
          for (const op of ops) {
            time += 1;
            const d = devices[op.device]!;
            if (op.kind === 'offline' || op.kind === 'online') d.net.network.set(op.kind === 'online');
            else if (op.kind === 'reload') d.reload({ now: () => time });
            else if (op.kind === 'sync') await d.sync.syncNow();
            else step(d, op, expected, time);
          }
          for (const d of devices) d.net.network.set(true);
          time += 1;
          await settle(...devices);

          const live = [...expected.created].filter((id) => !expected.deleted.has(id)).sort();
          for (const d of devices) {
            expect(liveProjects(d).map((p) => p.id).sort()).toEqual(live);
            for (const id of live) expect(liveProjects(d).find((p) => p.id === id)?.name).toBe(expected.names.get(id));
            for (const [key, topic] of expected.topics) {
              const [pid, aid] = key.split('/') as [string, string];
              const found = artifactsOf(d, pid).find((a) => a.id === aid);
              if (expected.deleted.has(pid) || expected.deletedArtifacts.has(key)) expect(found).toBeUndefined();
              else expect(found?.topic).toBe(topic);
            }
            const pins = (d.store.value(storageKeys.favourites) as string[] | undefined) ?? [];
            for (const [tool, on] of expected.pins) expect(pins.includes(tool)).toBe(on);
            expect(reviewIds(d)).toEqual([...expected.reviews].sort());
            expect(d.sync.status().pending).toBe(0);
          }
        } finally {
          world.stopAll();
        }
      }),
      { numRuns: 120 },
    );
  });
});
