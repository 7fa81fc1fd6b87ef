import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'code-explainer',
  title: 'Code Explainer',
  description: 'Paste a piece of code and get a line-by-line explanation of what it does, the ideas it uses and what could go wrong.',
  icon: 'code',
  category: 'Data and code',
  subjects: ['computer science', 'computing', 'programming'],
  keywords: [
    'code', 'coding', 'python', 'javascript', 'java', 'debug', 'bug', 'error', 'program', 'algorithm', 'explain code',
    'homework', 'function', 'line by line',
  ],
  fields: [
    {
      name: 'code',
      kind: 'textarea',
      label: 'Your code',
      placeholder: 'Paste the code you want explained...',
      required: true,
    },
    {
      name: 'language',
      kind: 'text',
      label: 'Language',
      placeholder: 'e.g. JavaScript, Python, Java',
      default: 'JavaScript',
    },
  ],
  prompt: `You are a patient programming tutor explaining code to a student who is learning to program.

Explain the code below in Markdown with exactly these sections:
## What it does
Two or three sentences on the overall purpose of the code and what it returns or prints, with one example input and output if that helps.
## Line by line
A numbered list that walks through the code in order. Each item starts with the line or short group of related lines in inline code (use the line number, e.g. "**Line 3:**"), followed by a plain-English explanation of what it does and why. Skip blank lines and lone closing brackets. Explain every keyword, built-in function or operator a beginner might not know the first time it appears.
## Key concepts
Two to four bullet points naming the programming ideas the code uses (for example loops, recursion, regular expressions, callbacks), each with a one-sentence explanation.
## Watch out
One to three bullet points on bugs, edge cases or improvements (empty input, wrong types, performance). If you find no real problems, say so in one sentence rather than inventing some.
{{#language}}
The student says the code is written in:
{{language}}
If the code is clearly in a different language, say so in one sentence at the start of "What it does" and explain it as the language it really is.
{{/language}}{{^language}}
Identify the programming language yourself and name it in the first sentence.
{{/language}}
Rules:
- Explain what the code actually does, not what it seems intended to do; where they differ, point it out under "Watch out".
- Do not guess what unseen functions or libraries do: say the behaviour depends on code not shown.
- If the text is not code, say so in one sentence.

The code:
{{code}}`,
  result: 'markdown',
  actionLabel: 'Explain Code',
  example: {
    input: {
      code: `function topWords(text) {
  const counts = {};
  const words = text.toLowerCase().match(/[a-z']+/g) || [];
  for (const word of words) {
    counts[word] = (counts[word] || 0) + 1;
  }
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
}`,
      language: 'JavaScript',
    },
    output: `## What it does
This JavaScript function finds the three most common words in a piece of text and returns them with their counts. For example, topWords("The cat and the dog and the bird") returns [["the", 3], ["and", 2], ["cat", 1]].

## Line by line
1. **Line 1:** \`function topWords(text) {\` declares a function named \`topWords\` that takes one parameter, \`text\`, the string to analyse.
2. **Line 2:** \`const counts = {};\` creates an empty object that will map each word to how many times it appears. \`const\` means the variable always points to this same object, although the object's contents can change.
3. **Line 3:** \`text.toLowerCase().match(/[a-z']+/g) || []\` first converts the text to lower case so "The" and "the" count as the same word. \`match\` with the regular expression \`/[a-z']+/g\` finds every run of letters and apostrophes; the \`g\` flag means "find all matches", not just the first. If there are no matches, \`match\` returns \`null\`, so \`|| []\` replaces it with an empty array.
4. **Line 4:** \`for (const word of words) {\` loops over the array, giving each word in turn to the variable \`word\`.
5. **Line 5:** \`counts[word] = (counts[word] || 0) + 1;\` adds one to the word's count. The first time a word appears, \`counts[word]\` is \`undefined\`, so \`|| 0\` starts it at 0.
6. **Line 7:** \`Object.entries(counts)\` turns the object into an array of \`[word, count]\` pairs, e.g. \`[["the", 3], ["cat", 1]]\`.
7. **Line 8:** \`.sort((a, b) => b[1] - a[1])\` sorts the pairs by count, highest first. The arrow function compares the counts (\`[1]\` is the second item of each pair); a positive result puts \`b\` before \`a\`.
8. **Line 9:** \`.slice(0, 3)\` keeps only the first three pairs, which the function returns.

## Key concepts
- **Regular expressions:** patterns such as \`/[a-z']+/g\` that find pieces of text matching a rule.
- **Objects as counters:** using words as keys in an object to keep a tally.
- **Method chaining:** calling \`.sort()\` and then \`.slice()\` on the result of the previous call.
- **Arrow functions:** the short \`(a, b) => ...\` syntax used to tell \`sort\` how to compare two items.

## Watch out
- Letters outside a to z, such as "é" in "café", are not matched, so accented words are split, and digits are ignored completely.
- Because \`counts\` is a plain object, a word like "constructor" finds a built-in property instead of \`undefined\`, so its count becomes a string of text rather than a number. Using \`new Map()\` for the counts avoids this.
- Words with equal counts stay in the order they first appeared, which may not be what you expect for ties.`,
  },
});
