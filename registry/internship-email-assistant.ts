import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'internship-email-assistant',
  title: 'Internship Email Assistant',
  description: 'Write a professional email to apply for an internship, follow up on an application or ask for an informational interview.',
  icon: 'email',
  category: 'Career and future',
  subjects: ['careers', 'business'],
  keywords: [
    'email', 'internship', 'job application', 'cover letter', 'follow up', 'networking', 'informational interview',
    'work experience', 'placement', 'professional email', 'career', 'job',
  ],
  fields: [
    {
      name: 'details',
      kind: 'textarea',
      label: 'Details',
      personal: 'text',
      placeholder: 'Who you are, who you are writing to, the role or company, and what you want to say...',
      required: true,
      help: 'Include names, the role title, dates and one or two things about you that fit the role.',
    },
    {
      name: 'emailType',
      kind: 'select',
      label: 'Email type',
      options: ['Application', 'Follow-up', 'Informational Interview'],
      default: 'Application',
    },
  ],
  prompt: `You are a careers adviser helping a secondary-school or university student write a professional email about an internship.

Write an email of type "{{emailType}}" from the details below:
- Application: introduce the student, name the role, give two specific reasons they fit (from their details), say what is attached (for example a CV) and ask for the next step. 150 to 220 words.
- Follow-up: politely refer to the application or conversation and its date, restate interest in one sentence, add one new relevant point if the details give one, and ask about the timeline. 80 to 130 words.
- Informational Interview: explain briefly who the student is and why they are contacting this person, ask for a 15 to 20 minute conversation at the person's convenience, and make it easy to say yes. 100 to 160 words.

Format the reply in Markdown:
- The first line is "Subject: " followed by a clear, specific subject line, in plain text with no bold.
- Then the email: a greeting using the recipient's name if given (otherwise "Dear Hiring Manager" or "Dear [name]"), short paragraphs, and a sign-off with the student's full name and the contact details they gave.
- After the email, a horizontal rule and a section "### Before you send" with two or three short, specific tips.

Keep the tone polite, confident and concise, not flattering or casual. Use only facts from the details: do not invent experience, grades, names or facts about the company. Where something important is missing, put a placeholder in square brackets, e.g. [hiring manager's name].

The details:
{{details}}`,
  result: 'markdown',
  actionLabel: 'Write Email',
  example: {
    input: {
      details:
        "I'm Daniel Okafor, second-year Computer Science student at the University of Leeds. Applying for the Software Engineering Summer Internship 2025 at Northwind Analytics (ref SE-25-14), the recruiter is Sarah Patel. I built a React web app for the university hiking society that about 200 members use to sign up for trips. I know Python and Java, and did a group project building a data dashboard with Flask. I want to learn how data products are built at scale. CV attached. Email daniel.okafor@example.com, phone 07700 900123.",
      emailType: 'Application',
    },
    output: `Subject: Application for Software Engineering Summer Internship 2025 (ref SE-25-14) – Daniel Okafor

Dear Ms Patel,

I am a second-year Computer Science student at the University of Leeds, and I am writing to apply for the Software Engineering Summer Internship 2025 at Northwind Analytics (reference SE-25-14).

I enjoy building software that people actually use. I developed a React web app for my university's hiking society, which about 200 members now use to sign up for trips. In a group project, I also helped build a data dashboard with Flask, which gave me experience of presenting data clearly as part of a team. Alongside this, I program in Python and Java.

I am applying because I want to learn how data products are built at scale, and an internship at Northwind Analytics would let me do that while contributing to a real engineering team.

I have attached my CV. I would welcome the chance to discuss how I could contribute, and I am happy to provide any further information.

Kind regards,
Daniel Okafor
daniel.okafor@example.com
07700 900123

---

### Before you send
- Check that Ms Patel is the right form of address; if you are not sure, use "Dear Sarah Patel".
- Name the CV file clearly, e.g. "Daniel-Okafor-CV.pdf", and make sure it is attached.
- Add one sentence on what interests you about Northwind Analytics' own work, if you can find it on their website.`,
  },
});
