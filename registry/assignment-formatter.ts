import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'assignment-formatter',
  title: 'Assignment Formatter',
  description: 'Lay out your finished draft in APA, MLA or Chicago style: headings, in-text citations and a reference list.',
  icon: 'format_align_left',
  category: 'Writing',
  subjects: ['english', 'psychology', 'humanities', 'social sciences'],
  keywords: [
    'apa', 'mla', 'chicago', 'format', 'formatting', 'references', 'reference list', 'bibliography', 'citations',
    'in-text citations', 'layout', 'title page', 'style guide', 'essay', 'coursework',
  ],
  fields: [
    {
      name: 'content',
      kind: 'textarea',
      label: 'Your assignment',
      placeholder: 'Paste your name, course, teacher, date, title, text and the sources you used...',
      required: true,
      help: 'Include your sources with as much detail as you have (author, year, title, publisher or link).',
    },
    {
      name: 'style',
      kind: 'select',
      label: 'Style',
      options: ['APA', 'MLA', 'Chicago (7th edition)'],
      default: 'APA',
    },
  ],
  prompt: `You are an academic writing tutor who knows the major style guides well, helping a secondary-school or university student format an assignment.

Format the assignment below in {{style}} style and return it as Markdown:
- Start with the front matter the style expects, built only from details in the assignment: for APA a student title page (title, author, institution, course, instructor, due date); for MLA the four-line heading (name, instructor, course, date) followed by the title; for Chicago a title page (title, name, course, instructor, date). Put each item on its own line.
- Then the body under the title, with headings in the style's format (use Markdown headings for the levels) only where the text already has sections.
- Convert every citation in the text to the style's in-text form, e.g. (Author, year) for APA, (Author page) for MLA, and author-date or footnote form for Chicago as the draft suggests.
- End with the reference list under the style's own heading (References for APA, Works Cited for MLA, Bibliography for Chicago), alphabetical, formatted exactly to the style, with titles in italics where the style requires.
- Finish with a short section "## Formatting checklist" of three to five bullets on layout that Markdown cannot show (font, line spacing, margins, page numbers, indentation, hanging indents).

Keep the student's words: change only layout, citations and reference formatting, and fix nothing else. Never invent missing details such as authors, dates, page numbers, publishers or DOIs; put a clear placeholder like [publisher] or [page number] where something the style needs is missing. If the text has no sources, say so in one line instead of a reference list.

The assignment:
{{content}}`,
  result: 'markdown',
  actionLabel: 'Format Assignment',
  example: {
    input: {
      content: `Maya Thompson
PSY 101 Intro to Psychology, Dr. Alan Reyes, Riverside Community College, Department of Psychology
due 14 March 2025

The Effects of Sleep Deprivation on Teenage Learning

Most teenagers do not get the sleep they need. During puberty the body clock shifts later, so teenagers feel sleepy later at night, but school still starts early (Carskadon 2011). Walker explains that sleep after learning helps the brain store new memories, so losing sleep means losing some of what was studied (Walker 2017). Schools could help by starting later and by teaching students about sleep.

Sources:
Mary A. Carskadon, Sleep in adolescents: the perfect storm, Pediatric Clinics of North America vol 58 issue 3, 2011, pages 637-647, doi 10.1016/j.pcl.2011.03.003
Matthew Walker, Why We Sleep: Unlocking the Power of Sleep and Dreams, Scribner 2017`,
      style: 'APA',
    },
    output: `The Effects of Sleep Deprivation on Teenage Learning

Maya Thompson
Department of Psychology, Riverside Community College
PSY 101: Intro to Psychology
Dr. Alan Reyes
March 14, 2025

---

## The Effects of Sleep Deprivation on Teenage Learning

Most teenagers do not get the sleep they need. During puberty the body clock shifts later, so teenagers feel sleepy later at night, but school still starts early (Carskadon, 2011). Walker explains that sleep after learning helps the brain store new memories, so losing sleep means losing some of what was studied (Walker, 2017). Schools could help by starting later and by teaching students about sleep.

## References

Carskadon, M. A. (2011). Sleep in adolescents: The perfect storm. *Pediatric Clinics of North America, 58*(3), 637–647. https://doi.org/10.1016/j.pcl.2011.03.003

Walker, M. (2017). *Why we sleep: Unlocking the power of sleep and dreams*. Scribner.

## Formatting checklist
- Use a clear 12-point font such as Times New Roman or 11-point Calibri, double-spaced throughout, with 1-inch (2.54 cm) margins.
- Put the page number in the top right corner of every page, starting with the title page.
- Centre and bold the title on the title page and again at the top of the first page of text.
- Indent the first line of each body paragraph by 0.5 inch.
- Give each reference a hanging indent of 0.5 inch.`,
  },
});
