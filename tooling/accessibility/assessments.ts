/*
 * What the tests do not say about a criterion: why it does not apply, what is known not to be met, and what
 * no test shows yet. The level in the report follows from these and from the evidence (axe rules that run,
 * flows cited in manualEvidence.ts), never from a level written here. When a flow comes to prove what a
 * "notShown" line names, cite the flow and delete the line.
 */

export interface Assessment {
  /** Why the criterion has nothing to apply to in this app (then its level is Not Applicable). */
  notApplicable?: string;
  /** What is known not to meet the criterion. */
  notMet?: readonly string[];
  /** What part of the criterion no test shows yet. */
  notShown?: readonly string[];
  /** A plain fact a reader needs, which changes no level. */
  note?: string;
}

const noOwnMedia =
  'StudyForge has no prerecorded or live audio or video of its own. Audio Notes and the rehearsal coach take the user’s own recording and turn it into text (a transcript, notes, feedback): the text is the alternative, and no media is played back to the user.';

export const assessments: Readonly<Record<string, Assessment>> = {
  '1.1.1': { note: 'axe checks that every image, icon and control has a text alternative, not that the words fit; the app’s icons are decorative beside visible text.' },
  '1.2.1': { notApplicable: noOwnMedia },
  '1.2.2': { notApplicable: noOwnMedia },
  '1.2.3': { notApplicable: noOwnMedia },
  '1.2.4': { notApplicable: noOwnMedia },
  '1.2.5': { notApplicable: noOwnMedia },
  '1.3.3': { notShown: ['whether any instruction relies on shape, size, position or sound alone.'] },
  '1.3.4': { notShown: ['landscape on a phone; the flows use portrait (390x844) and laptop sizes.'] },
  '1.3.5': { notApplicable: 'No field asks for information about the user (name, email, address, phone): the forms ask about study material and about other people, such as a student or a parent (from the tool declarations; no test). axe’s `autocomplete-valid` runs on every scan in case one is added.' },
  '1.4.3': { note: 'axe measures text over plain backgrounds; text over images or gradients it cannot measure is not counted as a violation.' },
  '1.4.4': { notShown: ['text zoomed to 200%; axe checks only that the page does not block zooming.'] },
  '1.4.5': { notApplicable: 'The app shows no images of text: its only images are SVG icons, and all words are text (from the code; no test).' },
  '1.4.10': { notShown: ['a width of 320 px (1280 px at 400% zoom); the flows check for sideways scrolling at 390 px.'] },
  '1.4.11': { notShown: ['the contrast of control borders, focus rings, icons and chart bars against their background.'] },
  '1.4.12': { notShown: ['the WCAG text spacing (line height 1.5, paragraphs 2, letters 0.12, words 0.16 times the font size) applied with nothing cut off; axe checks only inline styles that would block it.'] },
  '1.4.13': { notShown: ['the favourite star beside each sidebar tool link, which appears when the link is hovered or focused: that it stays while the pointer is on it and hides none of the tool’s name. Nothing else appears on hover or focus (menus and panels open on a click or a key).'] },
  '2.1.1': { notShown: ['the Settings forms (own key, names, delete all data), Attach a file with its upload, the audio tools and project import, each from start to end by keyboard alone.'] },
  '2.1.4': { notMet: ['"/" opens the command palette wherever no text field has focus, and on the Study screen Space shows the answer and 1 to 4 grade it: single-key shortcuts that cannot be turned off or changed. (Ctrl+K, which needs a modifier key, is fine.)'] },
  '2.3.1': { notShown: ['flashes are not measured; the app has no video, and its only animations are a spinner, a card flip and a menu slide.'] },
  '2.4.6': { notShown: ['whether each heading and label describes its topic, a reading judgement; the flows find every control by its label.'] },
  '2.4.7': { notShown: ['that the focused control shows a visible focus indicator.'] },
  '2.4.11': { notShown: ['focus clear of the sticky header for every control reached by Tab; it is checked for the result heading and the quiz controls.'] },
  '2.5.2': { notShown: ['a press moved off a control before release; the controls are native buttons and links, which act on release.'] },
  '2.5.3': { notShown: ['that each control’s accessible name contains its visible label.'] },
  '2.5.4': { notApplicable: 'Nothing in the app responds to shaking or tilting the device (from the code; no test).' },
  '3.1.2': { notMet: ['An answer is marked with the output language chosen under it; one the AI wrote in another language without being asked (Arabic notes from an Arabic text while English is chosen) is marked as the chosen language, though it is laid out in its own direction.'] },
  '3.2.3': { notShown: ['the order of the navigation across screens; the sidebar and header are one component drawn on every screen.'] },
  '3.2.4': { notShown: ['the names of controls that do the same thing on different screens (Copy, Export, Save).'] },
  '3.2.6': { notApplicable: 'The app offers no help mechanism (contact details, a help link or a chat) on its screens (from the code; no test).' },
  '3.3.2': { note: 'axe’s `label` rule (listed under 4.1.2) checks that every field has a label; the flows find each field by its label.' },
  '3.3.8': { notApplicable: 'The app has no sign-in. A provider key, when used, is pasted into Settings; nothing asks the user to remember or transcribe anything.' },
};
