import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'visual-data-interpreter',
  title: 'Visual Data Interpreter',
  description: 'Describe a chart or graph and learn how to read it: what it shows, the key trends and the takeaways worth writing down.',
  icon: 'insights',
  category: 'Data and code',
  subjects: ['science', 'geography', 'maths', 'statistics', 'biology', 'economics'],
  keywords: [
    'chart', 'graph', 'data', 'read a graph', 'trends', 'diagram', 'interpret', 'bar chart', 'line graph', 'pie chart',
    'figure', 'exam question', 'data analysis',
  ],
  fields: [
    {
      name: 'chartDescription',
      kind: 'textarea',
      label: 'Describe the chart',
      placeholder: 'e.g. Line graph titled "Atmospheric CO2, 1958-2023". X-axis: year. Y-axis: CO2 in ppm, from 300 to 430. The line starts at about 315...',
      required: true,
      help: 'Include the title, the axes and their units, and the main values you can read.',
    },
  ],
  prompt: `You are a tutor teaching a secondary-school or university student how to read and interpret charts and graphs, as they would in a science, geography or economics exam.

Interpret the chart described below. Write in Markdown with exactly these sections:
## What the chart shows
Two or three sentences: the chart type, what is measured on each axis (with units), and the time span or groups covered.
## Key trends
Three to five bullet points describing the main patterns, each quoting specific values from the description (highest, lowest, overall change, rate of change, repeating cycles, outliers).
## Takeaways
Two or three bullet points on what the patterns mean and why they matter.
## Read with care
Two or three bullet points on limits: axis scales (for example a y-axis that does not start at zero), missing data, what the chart cannot tell us, and correlation versus cause.
## Sentence for your write-up
One or two model sentences describing the chart the way an examiner expects: trend, then data, then explanation.

Rules:
- Base the trends on the values in the description, and check any arithmetic. Never invent values that are not given.
- You may use well-established background knowledge to explain a pattern, but say clearly that it is background, not something the chart shows.
- If the description is too vague to interpret, say what is missing (title, axes, units, values) instead of guessing.

The chart:
{{chartDescription}}`,
  result: 'markdown',
  example: {
    input: {
      chartDescription:
        'Line graph titled "Atmospheric CO2 at Mauna Loa Observatory, 1958-2023". X-axis: year, from 1958 to 2023. Y-axis: CO2 concentration in parts per million (ppm), from 300 to 430. The line starts at about 315 ppm in 1958 and ends at about 420 ppm in 2023. It zigzags up and down by about 6 ppm every year, but the overall direction is always upward. The line is steeper at the end than at the start: it takes about 30 years to go from 315 to 350 ppm, but only about 20 years to go from 370 to 420 ppm.',
    },
    output: `## What the chart shows
This is a line graph of the concentration of carbon dioxide (CO2) in the atmosphere, measured at the Mauna Loa Observatory. The x-axis shows the years 1958 to 2023 and the y-axis shows CO2 in parts per million (ppm), from 300 to 430.

## Key trends
- **Steady long-term rise:** CO2 increases from about 315 ppm in 1958 to about 420 ppm in 2023, a rise of about 105 ppm, or roughly a third (105 ÷ 315 ≈ 33%).
- **Speeding up:** the first 35 ppm rise (315 to 350) took about 30 years, roughly 1.2 ppm per year, while the rise from 370 to 420 ppm took about 20 years, roughly 2.5 ppm per year, about twice as fast.
- **Yearly zigzag:** the line goes up and down by about 6 ppm every year, but each year ends higher than the last.
- **No falls in the overall trend:** although each year has a dip, the general direction never reverses across the 65 years.

## Takeaways
- CO2 in the atmosphere is not just rising but rising faster, so the problem is growing rather than levelling off.
- Background (not shown on the chart): scientists link the long-term rise mainly to burning fossil fuels, and the yearly zigzag to plants in the Northern Hemisphere taking in CO2 as they grow in spring and summer and releasing it in autumn and winter.
- Because CO2 is a greenhouse gas, this chart is a key piece of evidence in discussions of climate change.

## Read with care
- The y-axis starts at 300 ppm, not zero, which makes the rise look steeper than it would on a full scale, even though a one-third increase is large.
- The data comes from one observatory; the chart alone does not prove that the whole atmosphere changed the same way.
- The chart shows how CO2 changed, not why; the causes come from other evidence.

## Sentence for your write-up
Atmospheric CO2 at Mauna Loa rose from about 315 ppm in 1958 to about 420 ppm in 2023, an increase of roughly 33%, and the rate of increase roughly doubled over the period. The small yearly fluctuation of about 6 ppm is probably caused by seasonal plant growth in the Northern Hemisphere.`,
  },
});
