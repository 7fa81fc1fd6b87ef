import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'parent-communication-assistant',
  title: 'Parent Communication Assistant',
  description: 'For Teachers: Turn quick notes into a warm, professional email to parents or carers, with a subject line.',
  icon: 'forward_to_inbox',
  role: 'teacher',
  category: 'Teaching',
  subjects: ['any subject', 'pastoral'],
  keywords: [
    'parents', 'carers', 'email', 'parent email', 'letter home', 'communication', 'behaviour', 'progress', 'praise',
    'concern', 'newsletter', 'message home',
  ],
  fields: [
    {
      name: 'studentName',
      kind: 'text',
      label: 'Student’s first name',
      placeholder: 'e.g. Leo',
      help: 'Sent as “Student A” and put back in the email: see What will be sent.',
      personal: 'name',
    },
    {
      name: 'parentName',
      kind: 'text',
      label: 'Parent’s or carer’s name',
      placeholder: 'e.g. Mrs Okafor',
      help: 'Sent as “Parent A” and put back in the email.',
      personal: 'name',
      person: 'parent',
    },
    {
      name: 'notes',
      kind: 'textarea',
      label: 'Your notes',
      personal: 'text',
      placeholder: 'e.g. Leo, Year 6. Big improvement in reading this term, finished 4 books, great book review...',
      required: true,
      help: 'Student’s first name, what happened and anything you want the family to do.',
    },
    {
      name: 'emailType',
      kind: 'select',
      label: 'Email type',
      options: ['Positive Update', 'Behavioral Concern', 'Missing Assignments', 'Upcoming Event'],
      default: 'Positive Update',
    },
  ],
  prompt: `You are an experienced teacher writing an email to a student's parents or carers. The email type is: {{emailType}}.

Write the email from the teacher's notes below, in Markdown:
- First line: "**Subject:**" followed by a short, specific subject line.
- The student is {{#studentName}}{{studentName}}{{/studentName}}{{^studentName}}named in the notes{{/studentName}}.
- Then the email: a greeting ({{#parentName}}"Dear {{parentName}},"{{/parentName}}{{^parentName}}"Dear [Parent/Carer name]," unless the notes give the name{{/parentName}}), three short paragraphs and a sign-off with "[Your name]" and "[School name]" placeholders unless the notes give them.
- Length: 120 to 200 words in the body.

Match the type:
- Positive Update: specific praise based on the notes, what it shows about the student, and an encouraging close.
- Behavioral Concern: open with something positive about the student, describe the behaviour factually and without labels or blame, say what the school is doing, and invite the family to work together (suggest a call or meeting).
- Missing Assignments: list the missing work, the new deadline if the notes give one, how the family can help, and where the student can get support.
- Upcoming Event: what, when, where, what the student needs to bring or do, and any reply needed, as a short bulleted list inside the email.

Write warmly, respectfully and in plain language, free of education jargon, so any family can understand it. Use only the facts in the notes: never invent dates, grades, incidents or names; use a [placeholder] in square brackets for anything needed but missing. Do not include sensitive details about other students.

The teacher's notes:
{{notes}}`,
  result: 'markdown',
  // The first line is the subject: Copy subject and Copy body paste into an email client's two boxes.
  copy: 'email',
  actionLabel: 'Draft Email',
  example: {
    input: {
      studentName: 'Leo',
      parentName: 'Mrs Okafor',
      notes:
        'Leo, Year 6. Big improvement in reading this term: finished 4 chapter books since January (was reluctant before). Wrote a great book review of "Holes" that I read to the class. Now helps younger pupils in paired reading on Fridays. Mum is Mrs Okafor. Keep encouraging reading at home, maybe the library summer challenge.',
      emailType: 'Positive Update',
    },
    output: `**Subject:** Leo’s great progress in reading this term

Dear Mrs Okafor,

I wanted to share some good news about Leo. His reading has really taken off this term. Since January he has finished four chapter books, which is a big step for a pupil who was once reluctant to pick up a book.

He also wrote an excellent review of *Holes*, which I read aloud to the class because it was so thoughtful and well written. On top of that, Leo now helps younger pupils with paired reading on Fridays, and he does it with real patience. It shows how much his confidence has grown.

You can keep this momentum going by encouraging him to read a little at home each day. The local library’s summer reading challenge would be a great next goal for him. Thank you for all your support; Leo should be very proud of himself.

Kind regards,

[Your name]
[School name]`,
  },
});
