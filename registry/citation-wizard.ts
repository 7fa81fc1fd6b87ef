import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'citation-wizard',
  title: 'Citation Wizard',
  description: 'Turn the details of your sources into a correctly formatted bibliography in APA, MLA or Chicago style.',
  icon: 'format_quote',
  category: 'Research and sources',
  subjects: ['english', 'history', 'humanities', 'research skills'],
  keywords: [
    'citation', 'cite', 'references', 'reference list', 'bibliography', 'works cited', 'apa', 'mla', 'chicago',
    'sources', 'plagiarism', 'footnotes', 'essay', 'coursework',
  ],
  fields: [
    {
      name: 'sources',
      kind: 'textarea',
      label: 'Your sources',
      placeholder:
        'One source per line, with whatever details you have, e.g. "Sapiens, Yuval Noah Harari, Harper, 2015"',
      required: true,
      help: 'Include authors, titles, dates, publishers, URLs or DOIs where you have them.',
    },
    {
      name: 'style',
      kind: 'select',
      label: 'Citation style',
      options: ['APA', 'MLA', 'Chicago (7th edition)'],
      default: 'APA',
    },
  ],
  prompt: `You are a university librarian helping a student build a bibliography in {{style}} style.

Format every source described below as a reference-list entry in {{style}} style (APA: the 7th edition rules; MLA: the 9th edition rules; Chicago: the bibliography entries of the notes-and-bibliography system).

Write the answer in Markdown with two sections:
1. A level-2 heading with the style's own title for the list: "## References" for APA, "## Works Cited" for MLA, "## Bibliography" for Chicago. Under it, the entries in alphabetical order by the first author's surname (or by the organisation or title when there is no author), one entry per paragraph, using *italics* exactly where the style puts them.
2. The heading "## Check these details", then a bulleted list of anything missing or uncertain in the sources (for example a missing year, publisher, page range or access date), naming the source each time. If nothing is missing, write "All details were present."

Use only the details given. Never invent authors, dates, page numbers, DOIs or URLs: where something the style needs is missing, leave it out of the entry (or use the style's convention, such as "n.d." for no date in APA) and list it under "Check these details". If a line is not a source, ignore it.

The sources:
{{sources}}`,
  result: 'markdown',
  // Citations follow a style guide, not a reader's grade: no reading level.
  refine: { readingLevel: false },
  example: {
    input: {
      sources:
        'Sapiens: A Brief History of Humankind, Yuval Noah Harari, Harper, 2015\nJournal article: The spread of true and false news online, by Soroush Vosoughi, Deb Roy and Sinan Aral, Science, 2018, volume 359, issue 6380, pages 1146-1151, doi 10.1126/science.aap9559\nWebsite: "Climate change: evidence and causes", Royal Society, https://royalsociety.org/topics-policy/projects/climate-change-evidence-causes/',
      style: 'APA',
    },
    output: `## References

Harari, Y. N. (2015). *Sapiens: A brief history of humankind*. Harper.

Royal Society. (n.d.). *Climate change: Evidence and causes*. https://royalsociety.org/topics-policy/projects/climate-change-evidence-causes/

Vosoughi, S., Roy, D., & Aral, S. (2018). The spread of true and false news online. *Science, 359*(6380), 1146–1151. https://doi.org/10.1126/science.aap9559

## Check these details
- **Climate change: evidence and causes:** no publication or update date was given, so "n.d." is used. Look for a date on the page and add it if there is one.`,
  },
});
