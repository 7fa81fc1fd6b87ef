/*
 * The bounds on everything a class request carries, and the sentences a
 * refusal shows, said once for the gateway and the app (wire.ts re-exports
 * them with the bodies and replies).
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

export const aiUseLevels = ['practice', 'support', 'open'] as const;
export type AiUseLevel = (typeof aiUseLevels)[number];
