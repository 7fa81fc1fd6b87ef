import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'data-storyteller',
  title: 'Data Storyteller',
  description: 'Paste a table or some numbers and find the story they tell, with the key figures, the caveats and a chart to show it.',
  icon: 'bar_chart',
  category: 'Data and code',
  subjects: ['statistics', 'maths', 'geography', 'science', 'economics'],
  keywords: [
    'data', 'numbers', 'table', 'statistics', 'survey', 'results', 'chart', 'graph', 'trends', 'analysis', 'analyse',
    'analyze', 'spreadsheet', 'csv', 'findings',
  ],
  fields: [
    {
      name: 'data',
      kind: 'textarea',
      label: 'Your data',
      placeholder: 'Paste CSV rows or a table (with column names), or describe the numbers in words...',
      required: true,
      help: 'Include column names, units and where the data comes from if you know.',
    },
  ],
  prompt: `You are a data-literacy tutor helping a secondary-school or university student turn a dataset into a clear, honest story for a report or presentation.

Read the data below and write in Markdown with exactly these sections:
## Headline
One sentence stating the single most important finding, with a number in it.
## The story
Two or three short paragraphs explaining the main pattern, how the groups or time periods compare, and anything surprising, in plain language a classmate could follow.
## Key numbers
Three to five bullet points, each a specific figure from the data or calculated from it (differences, percentages, averages, rates of change). Show briefly how each calculated figure was worked out, e.g. "(17 of 22 = 77%)".
## Caveats
Two to four bullet points on what the data cannot show: sample size, how it was collected, missing groups, and whether a link is a correlation rather than proof of cause.
## Chart idea
One or two sentences naming the best chart type for this data, what goes on each axis, and why.

Rules:
- Use only the numbers in the data, and double-check every calculation. Never invent values, sources or context.
- Offer possible explanations for a pattern only as possibilities ("one possible reason is..."), never as facts.
- If the data is too small, unclear or not numeric enough to tell a story, say so and explain what data would be needed.

The data:
{{data}}`,
  result: 'markdown',
  example: {
    input: {
      data: `Year 10 sleep survey, 120 students, October (self-reported, anonymous)
Screen time after 9pm, Students, Average sleep on school nights (hours), Feel tired in first lesson (students)
None, 18, 8.4, 4
Under 1 hour, 41, 7.9, 15
1-2 hours, 39, 7.2, 22
Over 2 hours, 22, 6.5, 17`,
    },
    output: `## Headline
Students with more than two hours of screen time after 9pm sleep about 1.9 hours less on school nights than those with none, and 77% of them feel tired in their first lesson.

## The story
In this Year 10 survey, sleep falls steadily as late-evening screen time rises. Students who avoid screens after 9pm average 8.4 hours of sleep, close to the 8 to 10 hours usually recommended for teenagers. Every step up in screen time comes with less sleep, down to 6.5 hours for the heaviest users.

Tiredness follows the same pattern in reverse. Only about one in five screen-free students feels tired in the first lesson, but more than three in four of those with over two hours of screen time do. The biggest jump in tiredness comes between "under 1 hour" and "1-2 hours", from 37% to 56%.

Most students sit in the middle: 80 of the 120 use screens for up to two hours after 9pm, so even modest changes in that group could affect a lot of people.

## Key numbers
- Sleep gap between no screens and over 2 hours: 8.4 − 6.5 = **1.9 hours** per school night.
- Feeling tired in first lesson: **22%** with no screens (4 of 18) rising to **77%** with over 2 hours (17 of 22).
- Across the whole year group, **58 of 120 students (48%)** feel tired in their first lesson (4 + 15 + 22 + 17).
- **61 of 120 students (51%)** use screens for more than an hour after 9pm (39 + 22).
- Average sleep across all 120 students is about **7.5 hours** ((18×8.4 + 41×7.9 + 39×7.2 + 22×6.5) ÷ 120 = 7.49).

## Caveats
- The data shows a link, not a cause: students who sleep badly for other reasons might also use their phones more at night.
- Sleep and screen time are self-reported, so the figures are estimates, and some students may under- or over-report.
- One year group in one month is a small sample; the "None" group has only 18 students, so its percentage could change a lot with a few different answers.
- The survey does not say what the screens were used for, or whether homework was part of the screen time.

## Chart idea
A bar chart with the four screen-time groups on the x-axis and average sleep on the y-axis, with the percentage feeling tired shown as a line or a label above each bar. It shows both trends against the same groups at a glance.`,
  },
});
