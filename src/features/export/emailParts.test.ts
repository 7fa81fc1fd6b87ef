import { describe, expect, it } from 'vitest';
import { emailParts } from './emailParts';

const body = 'Dear Mrs Okafor,\n\nLeo has read four books this term.\n\nKind regards,\n\n[Your name]';

describe('splitting an email answer into its subject and body', () => {
  it('takes the subject from a bold "Subject:" line, without the label, and the rest as the body', () => {
    expect(emailParts(`**Subject:** Leo’s great progress in reading\n\n${body}`)).toEqual({
      subject: 'Leo’s great progress in reading',
      body,
    });
  });

  it('reads a plain "Subject:" line the same way', () => {
    expect(emailParts(`Subject: Reading this term\n\n${body}`)).toEqual({ subject: 'Reading this term', body });
  });

  it('reads a subject whose whole line is bold, or whose label is in another case', () => {
    expect(emailParts(`**Subject: Reading this term**\n${body}`)).toEqual({ subject: 'Reading this term', body });
    expect(emailParts(`subject: Reading this term\n${body}`)).toEqual({ subject: 'Reading this term', body });
  });

  it('skips blank lines before the subject line', () => {
    expect(emailParts(`\n  \n**Subject:** Trip on Friday\n\n${body}`)).toEqual({ subject: 'Trip on Friday', body });
  });

  it('gives nothing to split when the answer has no subject line, so only Copy is offered', () => {
    expect(emailParts(body)).toBeNull();
    expect(emailParts('')).toBeNull();
    // "Subject" later in the email is not a subject line.
    expect(emailParts(`Dear Mrs Okafor,\n\nSubject: maths homework is missing.`)).toBeNull();
    // A label with nothing after it names no subject.
    expect(emailParts(`**Subject:**\n\n${body}`)).toBeNull();
  });

  it('leaves no carriage return in either part of an answer with Windows line endings', () => {
    const windows = `**Subject:** Leo’s great progress\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;
    expect(emailParts(windows)).toEqual({ subject: 'Leo’s great progress', body });
  });

  it('keeps the body’s own formatting (emphasis, lists) as written', () => {
    const listed = 'Dear carers,\n\n- *Holes* review\n- paired reading\n\nThank you';
    expect(emailParts(`**Subject:** News\n\n${listed}`)?.body).toBe(listed);
  });
});

describe('splitting a pathological answer', () => {
  it('reads a subject line made of bold marks, however long', () => {
    expect(emailParts(`**Subject:** ${'*'.repeat(200_000)}x\n\nbody`)?.body).toBe('body');
    expect(emailParts(`**Subject:** ${'**'.repeat(100_000)}\n\nbody`)).toBeNull();
  });

  it('reads a label written "**Subject**:" or as a heading', () => {
    expect(emailParts(`**Subject**: Trip on Friday\n\n${body}`)?.subject).toBe('Trip on Friday');
    expect(emailParts(`## Subject: Trip on Friday\n\n${body}`)?.subject).toBe('Trip on Friday');
  });
});
