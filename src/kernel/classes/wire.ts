import { z } from 'zod';

/*
 * What travels between the app and the gateway for classes: every request
 * body and every reply, said once and read by both sides. The gateway parses
 * each body with these schemas before any query; they are strict, so a body
 * that names anything else (a score, an owner, a user id) is refused whole.
 * Replies never carry an assignment's hidden instructions or, for a student,
 * an answer key: the student-facing shapes below have no place for them.
 */

export const CLASS_LIMITS = {
  nameChars: 120,
  gradeChars: 40,
  subjectChars: 80,
  firstNameChars: 40,
  displayNameChars: 60,
  groupChars: 40,
  groupsPerAssignment: 6,
  titleChars: 120,
  noteChars: 2_000,
  instructionsChars: 2_000,
  presetChars: 20_000,
  presetsPerAssignment: 40,
  chosenChars: 500,
  helpNoteChars: 500,
  questions: 100,
  /** One progress report of time: a minute is the usual beat, an hour the most one report may claim. */
  timeSecondsPerReport: 3_600,
  workDetailBytes: 64_000,
  retentionDaysMin: 1,
  retentionDaysMax: 3_650,
  joinCodeLength: 8,
} as const;

/** The letters of a join code: no 0/O, 1/I/L, so it can be read aloud and typed from a board. */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const CLASS_MESSAGES = {
  notFound: 'Not found.',
  teachersOnly: 'Only teachers can create classes.',
  badCode: 'That class code is not valid. Check it with your teacher.',
  codeExpired: 'That class code has expired. Ask your teacher for the new one.',
  nameJoinOff: 'This class needs you to sign in with your school account.',
  alreadyTeacher: 'You teach this class, so you cannot join it as a student.',
  archived: 'This class is archived. Restore it to make changes.',
  archiveFirst: 'Archive the class before deleting it.',
  noSuchTeacher: 'No teacher with that address has signed in to StudyForge yet. Ask them to sign in once, then add them.',
  notOpenYet: 'This assignment is not open yet.',
  closed: 'This assignment is closed.',
  levelForbidsTool: 'This tool is not allowed at the AI-use level you chose.',
  quizOnly: 'This assignment is a quiz: answer its questions one at a time.',
  notAQuiz: 'This assignment is not a quiz.',
  awaitingApproval: 'Your teacher is still checking this material. Try again later.',
  answerWithheld: 'The AI answer could not be shown. Try again, or press "I need help".',
  notAnOption: 'Choose one of the options shown.',
  noSuchQuestion: 'That question is not part of this quiz.',
  remediationAfterWrong: 'Help with a question is given after a wrong answer to it.',
  attemptFinished: 'This attempt is finished.',
  tooManyJoins: 'Too many tries from this network. Wait a minute and try again.',
  modelFailed: 'The AI could not make this material. Try again in a moment.',
} as const;

const id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'is not an id');
const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max);
const isoTime = z.iso.datetime({ offset: true });

export const classIdSchema = id;
export const joinCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^[${JOIN_CODE_ALPHABET}]{${CLASS_LIMITS.joinCodeLength}}$`), 'is not a class code'));

export const aiUseLevels = ['practice', 'support', 'open'] as const;
export type AiUseLevel = (typeof aiUseLevels)[number];

// ---- classes -------------------------------------------------------------

export const createClassBody = z.strictObject({
  name: requiredText(CLASS_LIMITS.nameChars),
  grade: text(CLASS_LIMITS.gradeChars).default(''),
  subject: text(CLASS_LIMITS.subjectChars).default(''),
  allowNameJoin: z.boolean().default(false),
});
export type CreateClassBody = z.input<typeof createClassBody>;

export const updateClassBody = z.strictObject({
  name: requiredText(CLASS_LIMITS.nameChars).optional(),
  grade: text(CLASS_LIMITS.gradeChars).optional(),
  subject: text(CLASS_LIMITS.subjectChars).optional(),
  allowNameJoin: z.boolean().optional(),
  archived: z.boolean().optional(),
  retentionDays: z.number().int().min(CLASS_LIMITS.retentionDaysMin).max(CLASS_LIMITS.retentionDaysMax).optional(),
});
export type UpdateClassBody = z.input<typeof updateClassBody>;

export const addTeacherBody = z.strictObject({ email: z.email().max(320) });
export const updateMemberBody = z.strictObject({ group: text(CLASS_LIMITS.groupChars).nullable() });
export const joinBody = z.strictObject({ code: joinCodeSchema });
export const joinByNameBody = z.strictObject({ code: joinCodeSchema, firstName: requiredText(CLASS_LIMITS.firstNameChars) });

export interface ClassSummary {
  id: string;
  name: string;
  grade: string;
  subject: string;
  archived: boolean;
  /** As the asker sees it: a teacher's class or one they belong to. */
  role: 'teacher' | 'member';
  studentCount?: number;
}

export interface MyClasses {
  teaching: ClassSummary[];
  member: ClassSummary[];
}

export interface RosterEntry {
  userId: string;
  name: string;
  group: string | null;
  /** Joined with the code and a first name only: no school account. */
  guest: boolean;
  joinedAt: string;
}

export interface ClassDetail extends ClassSummary {
  teachers: { userId: string; name: string }[];
  assignments: AssignmentListItem[];
  /** Teachers only. */
  joinCode?: string;
  codeExpiresAt?: string | null;
  allowNameJoin?: boolean;
  retentionDays?: number;
  archivedAt?: string | null;
  roster?: RosterEntry[];
}

export interface JoinInfo {
  className: string;
  teacherNames: string[];
  allowNameJoin: boolean;
}

export interface JoinReply {
  classId: string;
  /** For a guest who has just been given a session. */
  csrfToken?: string;
}

// ---- assignments ---------------------------------------------------------

export const presetValue = z.union([text(CLASS_LIMITS.presetChars), z.number().finite(), z.boolean(), z.array(text(500)).max(50)]);
export type PresetValue = z.infer<typeof presetValue>;

export const presetSchema = z.strictObject({
  value: presetValue,
  /** The student sees the value (a hidden preset still goes into the prompt). */
  shown: z.boolean().default(true),
  /** The student cannot change it: the server puts it back whatever is sent. */
  locked: z.boolean().default(false),
});
export type Preset = z.infer<typeof presetSchema>;

export const groupSchema = z.strictObject({
  name: requiredText(CLASS_LIMITS.groupChars),
  /** The output language's name as the language setting takes it (e.g. "Spanish"); absent: the tool's default. */
  language: text(60).optional(),
  /** A reading level as the refine feature names it (e.g. "Grade 4"); absent: as the tool writes. */
  readingLevel: text(60).optional(),
});
export type AssignmentGroup = z.infer<typeof groupSchema>;

export const createAssignmentBody = z.strictObject({
  toolId: z.string().regex(/^[a-z0-9-]{1,64}$/, 'is not a tool id'),
  title: requiredText(CLASS_LIMITS.titleChars),
  note: text(CLASS_LIMITS.noteChars).default(''),
  instructions: text(CLASS_LIMITS.instructionsChars).default(''),
  aiLevel: z.enum(aiUseLevels),
  presets: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), presetSchema).default({}),
  groups: z.array(groupSchema).max(CLASS_LIMITS.groupsPerAssignment).default([]),
  opensAt: isoTime.optional(),
  dueAt: isoTime.nullable().optional(),
  needsApproval: z.boolean().default(false),
});
export type CreateAssignmentBody = z.input<typeof createAssignmentBody>;

export const updateAssignmentBody = z.strictObject({
  title: requiredText(CLASS_LIMITS.titleChars).optional(),
  note: text(CLASS_LIMITS.noteChars).optional(),
  instructions: text(CLASS_LIMITS.instructionsChars).optional(),
  opensAt: isoTime.optional(),
  dueAt: isoTime.nullable().optional(),
});
export const approveBody = z.strictObject({ group: text(CLASS_LIMITS.groupChars).default('') });

export type AssignmentStatus = 'not-started' | 'started' | 'finished';

/** What every view of an assignment says of it. */
export interface AssignmentBasics {
  id: string;
  classId: string;
  toolId: string;
  title: string;
  note: string;
  aiLevel: AiUseLevel;
  opensAt: string;
  dueAt: string | null;
}

export interface AssignmentListItem extends AssignmentBasics {
  className: string;
  /** The asker's own status (a student); absent for a teacher. */
  status?: AssignmentStatus;
  score?: { score: number; total: number } | null;
}

export interface MyAssignments {
  assignments: AssignmentListItem[];
}

/** A quiz question as a student sees it before answering: no answer. */
export interface QuestionForStudent {
  question: string;
  options: string[];
  difficulty?: string;
}

export interface AnswerVerdict {
  question: number;
  chosen: string;
  correct: boolean;
  /** Sent only once this question is answered. */
  correctOption: string;
  score: AttemptScore;
}

export interface AttemptScore {
  score: number;
  total: number;
  answered: number;
  finishedAt: string | null;
}

export interface AttemptState {
  attemptId: string;
  verdicts: AnswerVerdict[];
  score: AttemptScore;
}

export interface AssignmentForStudent extends AssignmentBasics {
  view: 'student';
  className: string;
  open: boolean;
  /** The presets the student sees, with which they may not change. Hidden presets are absent. */
  presets: Record<string, { value: PresetValue; locked: boolean }>;
  /** Fields the teacher filled in and keeps from view (names only, never values): the form leaves them out. */
  hiddenFields?: string[];
  group: string | null;
  language?: string;
  readingLevel?: string;
  /** Quiz tools: the questions without answers (null while awaiting the teacher's approval). */
  quiz?: QuestionForStudent[] | null;
  /** Other tools with material made for the class (e.g. flashcards): the material, or null while awaiting approval. */
  material?: unknown;
  attempt?: AttemptState | null;
}

export interface AssignmentForTeacher extends AssignmentBasics {
  view: 'teacher';
  instructions: string;
  presets: Record<string, Preset>;
  groups: AssignmentGroup[];
  needsApproval: boolean;
  /** By group name ('' = everyone): the material with its answers, and whether it is approved. */
  material: { group: string; content: unknown; approvedAt: string | null }[];
}

export type AssignmentView = AssignmentForStudent | AssignmentForTeacher;

export const formValue = z.union([text(CLASS_LIMITS.presetChars), z.number().finite(), z.boolean()]);
export const runToolBody = z.strictObject({
  inputs: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), formValue).refine((inputs) => Object.keys(inputs).length <= CLASS_LIMITS.presetsPerAssignment, 'has too many fields'),
});
export type RunToolBody = z.input<typeof runToolBody>;

export interface RunToolReply {
  result: { kind: 'text'; text: string } | { kind: 'json'; data: unknown };
  /** Always true: the screen labels it as AI-generated. */
  aiGenerated: true;
}

// ---- attempts, progress, help -------------------------------------------

export const startAttemptBody = z.strictObject({ attemptId: z.uuid() });
export const answerBody = z.strictObject({
  question: z.number().int().min(0).max(CLASS_LIMITS.questions - 1),
  chosen: z.string().max(CLASS_LIMITS.chosenChars),
});
export const remediationBody = z.strictObject({ question: z.number().int().min(0).max(CLASS_LIMITS.questions - 1) });
export const finishBody = z.strictObject({});

export interface Remediation {
  diagnosis: string;
  microLesson: string;
  followUpQuestion: { question: string; options: string[]; answer: string; difficulty?: string };
}

export const progressBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('study'), reviewed: z.number().int().min(0).max(10_000), remembered: z.number().int().min(0).max(10_000) }),
  z.strictObject({ kind: z.literal('time'), seconds: z.number().int().min(1).max(CLASS_LIMITS.timeSecondsPerReport) }),
  z.strictObject({ kind: z.literal('refined'), detail: z.strictObject({ change: text(200), versions: z.number().int().min(1).max(100) }) }),
]);
export type ProgressBody = z.input<typeof progressBody>;

export const helpBody = z.strictObject({ note: text(CLASS_LIMITS.helpNoteChars).default('') });
export const resolveHelpBody = z.strictObject({ resolved: z.literal(true) });

// ---- results -------------------------------------------------------------

export interface StudentResult {
  userId: string;
  name: string;
  group: string | null;
  status: AssignmentStatus;
  score: number | null;
  total: number | null;
  answers: { question: number; chosen: string; correct: boolean; remediationUsed: boolean }[];
  timeSeconds: number;
  studied: { reviewed: number; remembered: number };
  workCount: number;
}

export interface QuestionResult {
  question: number;
  text: string;
  correctOption: string;
  answered: number;
  correct: number;
  /** Wrong options by how often they were chosen, most first. */
  wrongOptions: { option: string; count: number }[];
}

export interface HelpRequest {
  id: string;
  userId: string;
  name: string;
  note: string;
  createdAt: string;
  resolved: boolean;
}

export interface ClassResults {
  assignmentId: string;
  students: StudentResult[];
  questions: QuestionResult[];
  /** Question indexes, most missed first (only questions someone missed). */
  mostMissed: number[];
  help: HelpRequest[];
}

/** The live stream's one event: something changed for this assignment (fetch the results again). */
export interface ClassChangedEvent {
  assignmentId: string;
}
