import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'study-plan-ai',
  title: 'StudyPlan AI',
  description: 'Get a day-by-day revision plan from today to your exam, with extra time for the topics you find hardest.',
  icon: 'calendar_today',
  category: 'Study planning',
  subjects: ['any subject', 'biology', 'chemistry', 'science', 'maths', 'history'],
  keywords: [
    'study plan', 'revision plan', 'revision timetable', 'timetable', 'schedule', 'revise', 'revision', 'test', 'exam',
    'exams', 'gcse', 'a level', 'finals', 'weak topics', 'calendar', 'planner',
  ],
  fields: [
    {
      name: 'examDate',
      kind: 'date',
      label: 'Exam date',
      required: true,
    },
    {
      name: 'subjects',
      kind: 'text',
      label: 'Subjects',
      placeholder: 'e.g. GCSE Biology and Chemistry',
      required: true,
    },
    {
      name: 'weakTopics',
      kind: 'text',
      label: 'Weak topics',
      placeholder: 'e.g. Moles calculations, respiration',
      help: 'The plan gives these topics more time and revisits them.',
    },
  ],
  prompt: `You are a study coach writing a realistic revision plan for a secondary-school or university student.

Today is {{today}} and the exam is on {{examDate}} (both YYYY-MM-DD). First count the days from today up to the exam.

Write the plan in Markdown:
1. A first line stating how many days are left and the exam's weekday and date, e.g. "You have 12 days until your exam on Friday 4 December."
2. "## Overview": two or three sentences on the strategy (what comes first, when practice papers start, how weak topics are handled).
3. "## Day-by-day plan": one "### " heading per day from today to the day before the exam, written as "### Day N: Weekday D Month", each followed by two to four bullet points with specific topics and activities (for example "Moles: 10 practice calculations, then check answers"), each with a time in minutes. Finish with a heading for exam day with a short routine (light review, sleep, what to bring). If more than 42 days remain, plan the early weeks as "### Week N" blocks and the final 14 days day by day.
4. "## Tips": three bullet points on revising well (active recall, spaced repetition, sleep).

Rules for the plan:
- Cover every subject listed, shared fairly over the days, and mix subjects rather than spending long blocks on one.
- Use active methods: practice questions, flashcards, past papers, explaining aloud, not just rereading.
- Revisit topics a few days after first studying them (spaced repetition), and put timed past papers or mixed practice in the final days.
- Keep the load realistic: about 1 to 3 hours on a school day and up to 4 hours at weekends, with at least one lighter or rest day per week, and a light day before the exam.
- If the exam date is today or in the past, do not make a plan: say the date looks wrong and give three quick last-minute revision tips instead.
{{#weakTopics}}
The student finds these topics hardest. Schedule them early, give them extra sessions, and revisit each at least twice before the exam:
{{weakTopics}}
{{/weakTopics}}
Subjects:
{{subjects}}`,
  result: 'markdown',
  // Its days are dated headings: the plan can go into a calendar, one event per session (src/features/export/studyPlanCalendar.ts).
  exports: { add: ['ics'] },
  example: {
    input: {
      examDate: '2026-12-04',
      subjects: 'GCSE Biology and Chemistry',
      weakTopics: 'Moles calculations, respiration',
    },
    output: `You have 11 days until your exam on Friday 4 December.

## Overview
The first week tackles your weak topics, moles and respiration, early, while also covering the rest of Biology and Chemistry. Each weak topic comes back twice more so it sticks. From Day 8 you switch to timed past papers and mixed questions, and the day before the exam is deliberately light.

## Day-by-day plan
### Day 1: Monday 23 November
- Chemistry, moles: learn the formula moles = mass ÷ Mr and work through 5 worked examples (40 min)
- Biology, cell biology: make flashcards on cell structure and transport (30 min)

### Day 2: Tuesday 24 November
- Biology, respiration: aerobic vs anaerobic, word and symbol equations; draw a comparison table (40 min)
- Chemistry, atomic structure: 15 recall questions from your flashcards (30 min)

### Day 3: Wednesday 25 November
- Chemistry, bonding and structure: explain ionic, covalent and metallic bonding aloud, then 10 exam questions (45 min)
- Biology, organisation: digestive system and enzymes flashcards (30 min)

### Day 4: Thursday 26 November
- Chemistry, moles (second session): 10 practice calculations including reacting masses, then mark them (45 min)
- Biology, infection and response: pathogens and the immune system, one-page summary from memory (30 min)

### Day 5: Friday 27 November
- Biology, respiration (second session): exercise, oxygen debt and metabolism exam questions (40 min)
- Chemistry, chemical changes: reactivity series and electrolysis flashcards (30 min)

### Day 6: Saturday 28 November
- Chemistry, energy changes: exothermic and endothermic reactions, reaction profiles (45 min)
- Biology, photosynthesis: compare it with respiration in a table (45 min)
- Mixed recall: 20 flashcards from Days 1 to 3 (30 min)

### Day 7: Sunday 29 November
- Rest day: no new material, time off to recharge
- Quick flashcard review of moles and respiration only (20 min)

### Day 8: Monday 30 November
- Chemistry: timed past paper, first half (50 min)
- Mark it with the mark scheme and list every mistake (20 min)

### Day 9: Tuesday 1 December
- Biology: timed past paper, first half (50 min)
- Mark it with the mark scheme and list every mistake (20 min)

### Day 10: Wednesday 2 December
- Moles and respiration (third session): redo every question you got wrong on Days 8 and 9 (40 min)
- Mixed practice: 15 questions across both subjects (30 min)

### Day 11: Thursday 3 December
- Light review: read your mistake list and key equations once (30 min)
- Pack your bag and get to bed early

### Exam day: Friday 4 December
- Eat breakfast and glance at your key equations only; no new material
- Bring pens, pencil, ruler and a calculator
- Read every question carefully and check the marks available

## Tips
- Test yourself before rereading: trying to recall an answer builds memory far better than reading it again.
- Mark every practice question and keep a mistake list; that list is your best final-day revision.
- Aim for 8 to 9 hours of sleep, especially in the last three nights, since sleep is when memories are consolidated.`,
  },
});
