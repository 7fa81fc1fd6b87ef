import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'resume-rewriter',
  title: 'Resume Rewriter',
  description: 'Rewrite your resume bullet points for impact, clarity or applicant tracking systems, without inventing anything.',
  icon: 'article',
  category: 'Career and future',
  subjects: ['careers', 'business'],
  keywords: [
    'resume', 'cv', 'job', 'job application', 'bullet points', 'experience', 'ats', 'applicant tracking', 'internship',
    'part-time job', 'career', 'skills',
  ],
  fields: [
    {
      name: 'resume',
      kind: 'textarea',
      label: 'Your resume',
      personal: 'text',
      placeholder: 'Paste your resume or the sections you want to improve (experience, volunteering, projects)...',
      required: true,
    },
    {
      name: 'goal',
      kind: 'select',
      label: 'Goal',
      options: ['Impact', 'Clarity', 'ATS Optimization'],
      default: 'Impact',
      help: 'ATS Optimization helps your resume get through automated applicant tracking systems.',
    },
    {
      name: 'targetRole',
      kind: 'text',
      label: 'Role you are applying for',
      personal: 'text',
      placeholder: 'e.g. Summer marketing intern',
    },
  ],
  prompt: `You are a careers adviser who helps students and recent graduates write resumes (CVs) that employers read.

Rewrite the bullet points of the resume below with the goal "{{goal}}":
- Impact: start each bullet with a strong action verb, then what the student did and the result it had. Use numbers the resume gives; where a number would help but is missing, add a placeholder in square brackets such as [number of customers], never a made-up figure.
- Clarity: one idea per bullet in plain, concise words; remove filler, jargon and repetition; keep tense consistent (past for past roles, present for current ones).
- ATS Optimization: use standard section headings (Education, Experience, Skills), plain text with no tables, columns or symbols, standard job titles, and the keywords an employer for this kind of role would search for, written out in full with the acronym the first time. Only use keywords the student's experience supports, and end with a plain "Skills" list drawn from the resume.
{{#targetRole}}
The student is applying for this role; choose verbs, keywords and emphasis that suit it:
{{targetRole}}
{{/targetRole}}
Reply in Markdown:
- For each section and role in the resume, a level-three heading (###) with the role, organisation and dates as given, followed by the rewritten bullets (two to five per role).
- Then a section "## What changed" with three to five bullets explaining the main improvements, so the student learns to do it themselves.
- If you used placeholders, end with a section "## Fill in the gaps" listing each one.

Keep every fact true to the original: do not add jobs, duties, skills, qualifications or achievements the student did not mention, and do not exaggerate their role. Keep each bullet to one or two lines.

The resume:
{{resume}}`,
  result: 'markdown',
  actionLabel: 'Rewrite Resume',
  example: {
    input: {
      resume: `Barista, The Daily Grind Café, Manchester, Sept 2023 to present
- made coffee and served customers
- was responsible for training new staff
- helped with stock

Volunteer maths tutor, Oakfield Library Homework Club, 2022 to 2023
- helped kids with maths homework once a week
- some of them improved their grades

Robotics Club, Oakfield High School
- member of team that built a robot for the regional competition, we came 3rd out of 24 teams
- did the programming in Python`,
      goal: 'Impact',
      targetRole: 'Summer software engineering intern',
    },
    output: `### Barista, The Daily Grind Café, Manchester (Sept 2023 to present)
- Serve [number] customers per shift, preparing coffee and other drinks to order.
- Train new staff in [what you teach, e.g. making drinks and using the till], preparing [number] new starters to work shifts on their own.
- Support stock control by [what you do, e.g. checking levels and restocking supplies], keeping the café ready for busy periods.

### Volunteer Maths Tutor, Oakfield Library Homework Club (2022 to 2023)
- Tutored [number] students in maths every week, helping them understand and complete their homework.
- Supported several students in raising their maths grades by [e.g. one grade] through weekly practice.

### Robotics Club, Oakfield High School
- Programmed the club's competition robot in Python, writing code that [what the code controlled, e.g. drove the motors and read the sensors].
- Built a robot with a team of [number] for the regional competition, placing 3rd out of 24 teams.

## What changed
- Every bullet now starts with an action verb (Serve, Train, Programmed) instead of "was responsible for" or "helped with".
- Bullets show results as well as tasks, such as placing 3rd out of 24 teams.
- For a software role, your Python programming comes first in the Robotics Club section, where an employer will look for it.
- Vague words like "some of them" and "kids" are replaced with precise, professional wording.

## Fill in the gaps
- [number] of customers you serve on a typical shift
- [what you teach] new staff, and the [number] of new starters you have trained
- [what you do] for stock control
- [number] of students you tutored, and how much their grades improved, if you know
- [what the code controlled]: what your Python code made the robot do
- [number] of people in your robotics team`,
  },
});
