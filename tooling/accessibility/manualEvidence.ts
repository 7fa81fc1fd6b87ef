/*
 * What axe cannot test, proved by e2e flows: keyboard use, focus order and where focus lands, traps, reflow at
 * phone width, target sizes, status messages, errors. Each line cites one test by its spec file and its exact
 * title (as written in the spec, `${...}` placeholders included) and names the criteria it shows; the report
 * fails to generate, naming the line, when the cited test does not exist. To cite a new flow, add one line.
 */

export interface FlowEvidence {
  /** WCAG criteria, like '2.1.1'. */
  criteria: readonly string[];
  spec: string;
  /** The test's title exactly as the spec writes it. */
  test: string;
  /** What the flow shows, in a few words a reader of the report understands. */
  shows: string;
}

// prettier-ignore
export const flowEvidence: readonly FlowEvidence[] = [
  { criteria: ['2.1.1', '2.4.3', '3.2.1', '4.1.2'], spec: 'e2e/keyboard.spec.ts', test: 'dashboard: the tabs by arrow keys, Home and End, then Enter on a card opens its tool', shows: 'the dashboard by keyboard alone: filter box, tabs by arrow keys, a card opened with Enter' },
  { criteria: ['2.1.1', '2.4.3', '4.1.3'], spec: 'e2e/keyboard.spec.ts', test: 'a quiz played to the end by keyboard: true/false, fill in the blank, a wrong answer and its lesson, the review, another quiz', shows: 'a whole quiz by keyboard, focus on each new question, verdicts as status messages' },
  { criteria: ['2.1.1', '2.4.3', '2.5.7'], spec: 'e2e/keyboard.spec.ts', test: 'flashcards by keyboard: flip with Enter and Space, page with Next and Previous', shows: 'flashcards by keyboard; "Attach a file" is a button in the Tab order, not only a drop zone' },
  { criteria: ['2.1.1', '2.4.3', '3.3.4'], spec: 'e2e/keyboard-project.spec.ts', test: 'rename, export, delete an item and undo, show more, delete the project and undo', shows: 'the project page by keyboard; deleting asks first and can be undone' },
  { criteria: ['2.1.1', '2.1.2', '2.4.3'], spec: 'e2e/keyboard-project.spec.ts', test: 'traps focus while open and returns it to the toggle when closed by Escape or by the toggle', shows: 'the phone menu keeps focus while open, Escape or the toggle leaves it, focus returns to the toggle' },
  { criteria: ['2.1.1', '2.4.3'], spec: 'e2e/keyboard-project.spec.ts', test: 'choosing a link by keyboard closes the menu and focuses the new page heading', shows: 'a menu link chosen by keyboard closes the menu and focuses the new heading' },
  { criteria: ['2.4.1', '2.4.3'], spec: 'e2e/keyboard-project.spec.ts', test: 'the heading of a lazily loaded screen takes focus, on first load and on navigating', shows: 'focus goes to the page heading, past the navigation, on every route change' },
  { criteria: ['2.4.1', '2.4.3'], spec: 'e2e/keyboard-project.spec.ts', test: "a tool's heading takes focus, on first load and on navigating from the sidebar", shows: "a tool's heading takes focus when it is reached from the sidebar" },
  { criteria: ['2.1.1', '2.1.2', '2.4.3', '4.1.2'], spec: 'e2e/exportMenu.spec.ts', test: 'the Export menu floats, closes on an outside click and on Escape, and moves with the arrows', shows: 'the Export menu button: expanded state, arrows, Home and End, Escape returns focus' },
  { criteria: ['1.4.10', '2.1.2'], spec: 'e2e/exportMenu.spec.ts', test: 'the Export menu floats on the screen, closes on a tap outside and on Escape', shows: 'the Export menu stays on a 390 px screen and closes on Escape' },
  { criteria: ['2.1.1', '2.4.5'], spec: 'e2e/command-palette.spec.ts', test: 'Ctrl+K, a misspelt title and Enter land on the tool', shows: 'the command palette finds a tool by keyboard' },
  { criteria: ['2.1.2', '2.1.4', '2.4.3'], spec: 'e2e/command-palette.spec.ts', test: '"/" opens it where no field has focus: recent tools first, arrows move, Escape closes and gives focus back', shows: '"/" opens the palette only where no field has focus; Escape gives focus back' },
  { criteria: ['2.4.5'], spec: 'e2e/command-palette.spec.ts', test: 'finds the Settings screen and a project by name, and says when nothing matches', shows: 'screens and projects are found by name as well as through the menu' },
  { criteria: ['2.4.5'], spec: 'e2e/shell.spec.ts', test: 'finds every tool by its title', shows: 'the sidebar search finds every tool' },
  { criteria: ['2.1.2'], spec: 'e2e/shell.spec.ts', test: 'Escape closes the menu and returns focus to the toggle', shows: 'Escape leaves the menu' },
  { criteria: ['2.1.1'], spec: 'e2e/study.spec.ts', test: 'by keyboard alone: Space shows the answer, 1-4 grade; then edit, suspend and delete cards', shows: 'studying and editing cards by keyboard alone' },
  { criteria: ['1.4.10', '2.5.8'], spec: 'e2e/study.spec.ts', test: 'the Study screen fits: the card the full width, the four grades in two rows of two, axe clean', shows: 'the Study screen at 390 px: no sideways scroll, grade buttons at least 44 px tall' },
  { criteria: ['2.1.1', '2.4.3'], spec: 'e2e/streaming-live.spec.ts', test: 'works from the keyboard: focus moves to Cancel while generating, and back to Generate after', shows: 'Cancel by keyboard, with focus kept on a sensible control' },
  { criteria: ['2.1.1', '3.2.2', '4.1.2'], spec: 'e2e/appearance.spec.ts', test: 'Settings offers System, Light and Dark as a labelled radio group, used by keyboard, and remembers the choice', shows: 'the theme choice is a labelled radio group used by keyboard; choosing one applies it where the user is' },
  { criteria: ['2.2.2'], spec: 'e2e/appearance.spec.ts', test: 'the spinners stand still', shows: 'spinners stop when reduced motion is asked for' },
  { criteria: ['2.5.1'], spec: 'e2e/special-renderers.spec.ts', test: 'Previous and Next move through the deck with a count, always to the question side', shows: 'Previous and Next buttons do what a swipe does' },
  { criteria: ['2.1.1', '4.1.2'], spec: 'e2e/special-renderers.spec.ts', test: 'arrow keys, Home and End move between the tabs', shows: 'result tabs by arrow keys, Home and End' },
  { criteria: ['2.5.1'], spec: 'e2e/phone-journeys.spec.ts', test: 'the hint says tap, a tap flips the card, and a swipe turns it', shows: 'a tap flips a flashcard; the swipe has the buttons as a single-pointer way' },
  { criteria: ['1.3.1', '1.3.2', '1.4.10'], spec: 'e2e/readable-tables.spec.ts', test: "${tool.id}: one card per row, each cell under its column's name, no word split; still a table; axe clean", shows: 'tables at 390 px: one card per row in reading order, still a table to screen readers, no sideways scroll' },
  { criteria: ['2.4.3', '2.4.11'], spec: 'e2e/results-in-view.spec.ts', test: 'after Generate the result heading is in view and has focus', shows: 'after Generate the focused result heading is below the sticky header, on a laptop and a phone' },
  { criteria: ['2.4.11'], spec: 'e2e/results-in-view.spec.ts', test: 'each quiz question is in view, with the form folded into one line of inputs', shows: 'each focused quiz control is in view' },
  { criteria: ['3.3.1', '4.1.3'], spec: 'e2e/result-actions.spec.ts', test: 'with no project yet: name a new one in place, create and save in one step; it becomes the active project', shows: 'a missing project name is an alert; "Saved to …" is a status message' },
  { criteria: ['2.1.1', '2.1.2'], spec: 'e2e/result-actions.spec.ts', test: 'by keyboard: pick an existing project, or press Escape to leave the result as it was', shows: 'Save to project by keyboard, Escape leaves the panel' },
  { criteria: ['3.3.1'], spec: 'e2e/a11y.spec.ts', test: 'a failed request with Try again, and field errors', shows: 'a failed request is an alert; a field error is shown (and scanned by axe)' },
  { criteria: ['4.1.3'], spec: 'e2e/a11y.spec.ts', test: 'streaming previews (markdown, structured, bespoke), then cancelled', shows: '"Cancelled." is a status message' },
  { criteria: ['3.3.1', '3.3.3'], spec: 'e2e/tool-states.spec.ts', test: '20 is out of range: a field error, and nothing is sent', shows: 'an out-of-range number is marked invalid and its description says the allowed range' },
  { criteria: ['3.3.7'], spec: 'e2e/tool-states.spec.ts', test: 'inputs typed without generating survive a reload', shows: 'typed inputs are kept, never asked for twice' },
  { criteria: ['3.3.7'], spec: 'e2e/refine-journeys.spec.ts', test: 'Rewrite sends the chosen language and level, and the choice is remembered for the next tool', shows: 'a chosen output language and reading level carry over to the next tool' },
  { criteria: ['3.3.3'], spec: 'e2e/refine-journeys.spec.ts', test: 'the refine bar and versions pass axe, with two versions and an over-long change typed', shows: 'an over-long change says the limit and the length typed' },
  { criteria: ['2.4.3'], spec: 'e2e/refine-journeys.spec.ts', test: 'Cancel stops it, keeps the version, says so, and focus returns to the button that asked', shows: 'a cancelled refine says so, and focus returns to the button that asked' },
  { criteria: ['1.4.1'], spec: 'e2e/quiz-screens.spec.ts', test: 'quiz-whiz: a right answer shows green and Correct! on that question until Next question (axe, light and dark)', shows: 'a right answer is marked by words and an icon as well as green' },
  { criteria: ['2.4.2'], spec: 'e2e/page-titles.spec.ts', test: 'each screen names itself in the browser tab, a page that could not load included', shows: 'the tab title names the dashboard, a tool, Projects, a project and Settings, at laptop and phone size, also when the page’s code could not load' },
  { criteria: ['2.1.1', '2.2.1'], spec: 'e2e/page-titles.spec.ts', test: 'Undo stays while it has keyboard focus, past its ten seconds, and still brings the project back', shows: 'Undo after a deletion stays while it has keyboard focus, gets its whole time again once left, and works by keyboard' },
  { criteria: ['2.4.3', '2.4.11', '3.3.1', '4.1.3'], spec: 'e2e/tool-page-focus.spec.ts', test: 'a class set of comments, errors and changes in view by the version bar, focus kept, a reload mid-change said', shows: 'a failed Generate or change takes focus and sits below the sticky header; a finished change focuses its version; a change cut short by a reload is said, at laptop and phone size' },
  { criteria: ['1.4.10', '3.3.1'], spec: 'e2e/shell-polish.spec.ts', test: 'a page whose code cannot arrive says so plainly, and Try again loads it', shows: 'a page that cannot load says so in plain words with Try again, at laptop and phone size' },
  { criteria: ['1.4.10'], spec: 'e2e/shell-polish.spec.ts', test: 'one-line header and sample notice; Hide is remembered and the set-up steps are in Settings', shows: 'the header and the sample notice stay one line at 390 px, long titles end in an ellipsis with the full name kept' },
  { criteria: ['2.1.1', '2.4.3', '4.1.3'], spec: 'e2e/study-and-save.spec.ts', test: 'a card answered Again comes back after its countdown, then the session ends with a summary', shows: 'studying by keyboard: the countdown is a polite status, focus moves to the returning card' },
  { criteria: ['4.1.3'], spec: 'e2e/study-and-save.spec.ts', test: 'saving a saved result again updates it; the note links to the project; the item is named by its topic', shows: '"Saved to …" is a status message with a link to the project' },
  { criteria: ['1.3.2', '3.1.2'], spec: 'e2e/rtl-and-levels.spec.ts', test: 'a teacher tool takes Spanish and grade 4 as choices; an Arabic answer reads right to left on screen, in Word and in print', shows: 'an Arabic answer is marked with its language and laid out right to left on screen, in Word and in print' },
];
