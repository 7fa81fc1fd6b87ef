import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'math-mentor',
  title: 'Math Mentor',
  description: 'Work through a maths problem step by step, with the reason for each step and a clearly stated final answer.',
  icon: 'functions',
  category: 'Math and science',
  subjects: ['maths', 'math', 'mathematics', 'algebra', 'geometry', 'calculus', 'statistics', 'physics'],
  keywords: [
    'maths homework', 'math homework', 'homework', 'equation', 'solve', 'problem', 'step by step', 'worked solution',
    'working', 'word problem', 'quadratic', 'fractions', 'calculation', 'exam question', 'practice',
  ],
  fields: [
    {
      name: 'problem',
      kind: 'textarea',
      label: 'Your maths problem',
      placeholder: 'e.g. Solve 2x² − 7x + 3 = 0, or paste a word problem...',
      required: true,
    },
  ],
  prompt: `You are a patient maths tutor helping a secondary-school or first-year university student understand how to solve a problem, not just what the answer is.

Solve the problem below and write the solution in Markdown with exactly these sections:
## What we need to find
One or two sentences restating the problem in plain words, and the method you will use and why it fits.
## Step-by-step solution
A numbered list. Each step shows one piece of working on its own line and one short sentence explaining why the step is allowed.
## Final answer
The answer in bold, with units if the problem has any.
## Check
Substitute the answer back or estimate to show it is right, in one to three lines.

Write every expression in TeX between dollar signs, $…$ within a line (e.g. $x = \\frac{7 \\pm 5}{4}$) or $$…$$ on a line of its own for a longer one; never in code spans or code blocks. Use \\$ for a dollar sign that is money.

Do every calculation carefully and keep exact values (fractions, surds) unless the problem asks for decimals. If the problem is ambiguous, state the assumption you make. If it is missing information or is not a maths problem, say so briefly instead of inventing numbers.

The problem:
{{problem}}`,
  result: 'markdown',
  example: {
    input: { problem: 'Solve 2x² − 7x + 3 = 0' },
    output: `## What we need to find
We need the values of $x$ that make $2x^2 - 7x + 3$ equal to zero. It is a quadratic, and it factorises neatly, so factorising is the quickest method (the quadratic formula would give the same result).

## Step-by-step solution
1. Identify the coefficients: $a = 2$, $b = -7$, $c = 3$. Naming them helps us search for factors.
2. Find two numbers that multiply to $a \\times c = 6$ and add to $b = -7$: they are $-6$ and $-1$. This is the standard way to split the middle term.
3. Split the middle term: $2x^2 - 6x - x + 3 = 0$. The expression is unchanged, because $-6x - x = -7x$.
4. Factorise in pairs: $2x(x - 3) - 1(x - 3) = 0$. Each pair shares a common factor.
5. Take out the common bracket: $(2x - 1)(x - 3) = 0$.
6. Set each factor to zero: $2x - 1 = 0$ or $x - 3 = 0$. If a product is zero, at least one factor must be zero.
7. Solve each: $x = \\frac{1}{2}$ or $x = 3$.

## Final answer
**$x = \\frac{1}{2}$ or $x = 3$**

## Check
$$2\\left(\\tfrac{1}{2}\\right)^2 - 7\\left(\\tfrac{1}{2}\\right) + 3 = \\tfrac{1}{2} - \\tfrac{7}{2} + 3 = 0$$
and $2(3)^2 - 7(3) + 3 = 18 - 21 + 3 = 0$ ✓`,
  },
});
