import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

const week = (label: string) => z.array(z.string().min(1)).min(3).max(6).describe(label);

export default defineTool({
  id: 'course-outliner',
  title: 'CourseOutliner',
  description: 'Turn any topic into a four-week self-study course, with a focus, activities and a checkpoint for each week.',
  icon: 'view_list',
  category: 'Study planning',
  subjects: ['study skills', 'programming', 'languages'],
  keywords: [
    'course', 'self-study', 'learn', 'syllabus', 'curriculum', 'plan', 'weekly plan', 'learning plan', 'teach myself',
    'beginner', 'roadmap', 'independent study',
  ],
  fields: [
    {
      name: 'topic',
      kind: 'text',
      label: 'What do you want to learn?',
      placeholder: 'e.g. Introduction to Python programming',
      required: true,
      help: 'Add your level if it matters, e.g. "Statistics for A-level Psychology".',
    },
  ],
  prompt: `You are a curriculum designer creating a four-week self-study course for a secondary-school or university student who is new to the topic and can spend about three to five hours a week on it.

Outline a course on the topic below, week by week. Each week is a list of items:
- The first item names the week's focus and its goal, starting "Focus: ", e.g. "Focus: variables and data types, so you can store and change information in a program".
- The middle items are the lessons or activities, in order, each one line that says what to study or do (read, practise, make, explain). Be concrete: name the actual concepts, skills or examples.
- The last item is a checkpoint starting "Checkpoint: ", a short task that shows the student has understood the week.

Build from foundations in week 1 to applying everything in week 4, which ends with a small project or summary task that brings the course together. Keep the content accurate and at an introductory level; do not name specific websites, books or courses.

The topic:
{{topic}}`,
  result: z.object({
    week1: week('Week 1'),
    week2: week('Week 2'),
    week3: week('Week 3'),
    week4: week('Week 4'),
  }),
  actionLabel: 'Create Outline',
  example: {
    input: { topic: 'Introduction to Python programming' },
    output: {
      week1: [
        'Focus: getting started, so you can write and run simple programs that show output and take input',
        'Install Python and a code editor, then run your first print("Hello, world!") program',
        'Learn variables and the basic data types: integers, floats, strings and booleans',
        'Use input() and type conversion with int() and float() to read numbers from the user',
        'Practise arithmetic operators, including // for whole-number division and % for remainders',
        'Checkpoint: write a program that asks for a temperature in Celsius and prints it in Fahrenheit',
      ],
      week2: [
        'Focus: decisions and repetition, so your programs can react to input and repeat work',
        'Write if, elif and else statements using comparison and logical operators (and, or, not)',
        'Repeat actions with for loops and range(), then with while loops that stop on a condition',
        'Trace short programs by hand to predict their output and spot common loop mistakes',
        'Checkpoint: build a number-guessing game that tells the player "higher" or "lower" until they win',
      ],
      week3: [
        'Focus: organising data and code, so you can handle many values and reuse logic',
        'Store and change collections with lists: indexing, slicing, append() and looping over items',
        'Look up values by key with dictionaries, e.g. a word-count table',
        'Write your own functions with parameters and return values, and explain why they make code reusable',
        'Checkpoint: write a function that takes a list of test scores and returns the average, highest and lowest',
      ],
      week4: [
        'Focus: putting it together, so you can plan and finish a small program of your own',
        'Read and write text files to save data between runs of a program',
        'Handle errors such as invalid input with try and except',
        'Plan a project by breaking it into functions before you write any code',
        'Checkpoint: build a to-do list program that adds, removes and saves tasks to a file, then explain how it works to someone else',
      ],
    },
  },
});
