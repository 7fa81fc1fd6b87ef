import { z } from 'zod';
import { defineTool } from '../src/kernel/defineTool';

export default defineTool({
  id: 'flashcard-generator',
  title: 'Flashcard Generator',
  description: 'Turn your notes into a deck of question-and-answer flashcards you can flip through to test yourself.',
  icon: 'style',
  category: 'Quizzes and practice',
  subjects: ['languages', 'vocabulary', 'biology', 'chemistry', 'history', 'science'],
  keywords: [
    'flashcards', 'cards', 'revise', 'revision', 'test', 'exam', 'memorise', 'memorize', 'remember', 'study', 'anki',
    'quizlet', 'active recall', 'spaced repetition', 'practice', 'definitions', 'test yourself',
  ],
  fields: [
    {
      name: 'notes',
      kind: 'textarea',
      label: 'Your notes',
      placeholder: 'Paste your class notes, a summary or a textbook section...',
      required: true,
    },
  ],
  prompt: `You are a revision coach making flashcards for a secondary-school or university student to test themselves with active recall.

Create flashcards from the notes below (fewer for short notes, more for long ones). Each card has:
- A question: one clear question that tests a single fact or idea, answerable without seeing the other cards.
- Its answer: the correct answer in at most 30 words, precise enough to mark yourself against.

Mix the kinds of question: definitions ("What is..."), explanations ("Why..." or "How..."), and a few that apply or compare ideas. Follow the order of the notes. Do not repeat a fact across cards, and do not write yes/no questions.

Use only facts stated in the notes. If the notes are too short for enough distinct cards, test the same ideas from different angles rather than inventing new facts.

The notes:
{{notes}}`,
  result: z
    .array(
      z.object({
        question: z.string().min(1).describe('Question'),
        answer: z.string().min(1).describe('Answer'),
      }),
    )
    .min(8)
    .max(12)
    .describe('Flashcards'),
  renderer: 'flashcards',
  actionLabel: 'Make Flashcards',
  example: {
    input: {
      notes: `Chemical bonding
- Atoms bond to get a full outer shell of electrons (stable, like noble gases).
- Ionic bonding: between a metal and a non-metal. The metal atom loses electrons to become a positive ion; the non-metal gains electrons to become a negative ion. The oppositely charged ions are held together by strong electrostatic attraction.
- Example: sodium chloride (NaCl). Sodium loses 1 electron (Na+), chlorine gains 1 electron (Cl-).
- Ionic compounds form a giant lattice, have high melting points, and conduct electricity when molten or dissolved (ions free to move), but not when solid.
- Covalent bonding: between non-metals. Atoms share pairs of electrons.
- Example: water (H2O): oxygen shares one pair of electrons with each hydrogen atom.
- Simple molecular substances (e.g. water, carbon dioxide) have low melting and boiling points because the forces between molecules are weak, even though the covalent bonds inside molecules are strong. They do not conduct electricity.
- Giant covalent structures such as diamond have very high melting points because many strong covalent bonds must be broken.`,
    },
    output: [
      { question: 'Why do atoms form chemical bonds?', answer: 'To gain a full outer shell of electrons, which makes them stable like the noble gases.' },
      { question: 'Between which kinds of element does ionic bonding occur?', answer: 'Between a metal and a non-metal.' },
      { question: 'What happens to electrons in ionic bonding?', answer: 'The metal atom loses electrons to become a positive ion, and the non-metal atom gains them to become a negative ion.' },
      { question: 'What holds the ions together in an ionic compound?', answer: 'Strong electrostatic attraction between oppositely charged ions.' },
      { question: 'Which ions form in sodium chloride, and how?', answer: 'Sodium loses one electron to form Na+, and chlorine gains one electron to form Cl-.' },
      { question: 'When can ionic compounds conduct electricity, and why?', answer: 'When molten or dissolved, because the ions are free to move. As solids they cannot conduct.' },
      { question: 'What is a covalent bond?', answer: 'A shared pair of electrons between two non-metal atoms.' },
      { question: 'How are the atoms in a water molecule bonded?', answer: 'Oxygen shares one pair of electrons with each of the two hydrogen atoms.' },
      { question: 'Why do simple molecular substances like carbon dioxide have low boiling points?', answer: 'The forces between molecules are weak, so little energy is needed to separate them; the covalent bonds inside the molecules do not break.' },
      { question: 'Why does diamond have a very high melting point?', answer: 'It is a giant covalent structure, so many strong covalent bonds must be broken to melt it.' },
    ],
  },
});
