import type { AssignmentForStudent, AssignmentForTeacher, CreateAssignmentBody } from '../../../src/kernel/classes/wire';
import type { StudyForgeDb } from '../../database/database';
import { classModelFor } from '../model';
import { loadServerTool } from '../serverTools';
import { classWorld, type ClassWorld, type WorldPerson } from './classWorld';
import { recordingProvider, type RecordingProvider } from './recordingProvider';

/*
 * The class world for the assignment routes' tests: a teacher's class that
 * three students have joined, and a model that records every prompt it is
 * sent (it answers as each test tells it), mounted as the gateway mounts it
 * (classModelFor over a text provider).
 */

export interface AssignmentWorld extends ClassWorld {
  provider: RecordingProvider;
  classId: string;
  /** Calls a route and reads its JSON, with the status. */
  json<T = unknown>(person: WorldPerson | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: T; text: string }>;
  /** Creates an assignment through the route as the class's teacher; fails the test unless it is made. */
  create(body: CreateAssignmentBody): Promise<AssignmentForTeacher>;
  asStudent(student: WorldPerson, assignmentId: string): Promise<AssignmentForStudent>;
  rowCount(table: 'assignments' | 'assignment_secrets' | 'assignment_material' | 'class_work'): Promise<number>;
}

/** The registry example's answer of a tool, as a model's JSON text. */
export async function exampleAnswer(toolId: string): Promise<string> {
  const tool = await loadServerTool(toolId);
  if (!tool) throw new Error(`no tool ${toolId}`);
  return typeof tool.example.output === 'string' ? tool.example.output : JSON.stringify(tool.example.output);
}

export async function assignmentWorld(db: StudyForgeDb): Promise<AssignmentWorld> {
  const provider = recordingProvider();
  const world = await classWorld(db, { classModel: classModelFor(provider) });
  const { id: classId } = await world.createClassAs(world.teacher, 'Year 9 Science');
  for (const student of world.students) await world.joinAs(student, classId);
  const json: AssignmentWorld['json'] = async (person, method, path, body) => {
    const response = await world.request(person, method, path, body);
    const text = await response.text();
    return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as never, text };
  };
  return {
    ...world,
    provider,
    classId,
    json,
    async create(body) {
      const made = await json<AssignmentForTeacher>(world.teacher, 'POST', `/api/classes/${classId}/assignments`, body);
      if (made.status !== 200) throw new Error(`create answered ${made.status}: ${made.text}`);
      return made.body;
    },
    async asStudent(student, assignmentId) {
      const read = await json<AssignmentForStudent>(student, 'GET', `/api/classes/${classId}/assignments/${assignmentId}`);
      if (read.status !== 200) throw new Error(`GET answered ${read.status}: ${read.text}`);
      return read.body;
    },
    async rowCount(table) {
      const row = await db.system.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** Runs a test in a fresh assignment world on `db`, stopping what it mounted however the test ends. */
export async function inAssignmentWorld(db: StudyForgeDb, test: (world: AssignmentWorld) => Promise<void>): Promise<void> {
  const world = await assignmentWorld(db);
  try {
    await test(world);
  } finally {
    await world.stop();
  }
}
