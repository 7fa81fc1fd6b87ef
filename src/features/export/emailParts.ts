/*
 * An email answer split for an email client: the subject line goes into the
 * subject box and the rest into the body, so neither paste carries the
 * other's text or the "Subject:" label. Model output is untrusted text: the
 * split reads it only (no pattern that backtracks over the whole answer).
 */

export interface EmailParts {
  subject: string;
  body: string;
}

/** "**Subject:** X", "Subject: X", "**Subject**: X", "## Subject: X", in any case; the label and its marks go. */
const SUBJECT_LINE = /^(?:#{1,6}[ \t]+)?(?:\*\*|__)?subject(?:\*\*|__)?:(?:\*\*|__)?[ \t]*/i;

const BOLD_MARKS = ['**', '__'];

/**
 * Bold or underline markers wrapping the whole subject ("**Subject: X**"):
 * an email's subject box would show them as typed. Peeled one pair at a time,
 * so a line of markers costs no more than its length.
 */
function withoutWrappingMarks(subject: string): string {
  let start = 0;
  let end = subject.length;
  while (BOLD_MARKS.some((mark) => subject.startsWith(mark, start))) start += 2;
  while (end - 2 >= start && BOLD_MARKS.some((mark) => subject.endsWith(mark, end))) end -= 2;
  return subject.slice(start, end).trim();
}

/** The answer's subject (without "Subject:") and body, or null when its first line is no subject line. */
export function emailParts(answer: string): EmailParts | null {
  const lines = answer.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return null;
  const line = lines[first]!.trim();
  const label = SUBJECT_LINE.exec(line);
  if (!label) return null;
  const subject = withoutWrappingMarks(line.slice(label[0].length));
  if (!subject) return null;
  return { subject, body: lines.slice(first + 1).join('\n').trim() };
}
