/*
 * The WCAG 2.2 success criteria at levels A and AA, in the order the standard lists them: the rows of the
 * conformance report's two tables. 4.1.1 Parsing stays in the list, marked obsolete, because readers of
 * reports against WCAG 2.0 and 2.1 look for it.
 */

export type WcagLevel = 'A' | 'AA';

export interface Criterion {
  id: string;
  name: string;
  level: WcagLevel;
  /** New in WCAG 2.2. */
  newIn22?: true;
  /** Removed from WCAG 2.2. */
  obsolete?: true;
}

const a = (id: string, name: string, extra: Partial<Criterion> = {}): Criterion => ({ id, name, level: 'A', ...extra });
const aa = (id: string, name: string, extra: Partial<Criterion> = {}): Criterion => ({ id, name, level: 'AA', ...extra });

export const wcag22Criteria: readonly Criterion[] = [
  a('1.1.1', 'Non-text Content'),
  a('1.2.1', 'Audio-only and Video-only (Prerecorded)'),
  a('1.2.2', 'Captions (Prerecorded)'),
  a('1.2.3', 'Audio Description or Media Alternative (Prerecorded)'),
  aa('1.2.4', 'Captions (Live)'),
  aa('1.2.5', 'Audio Description (Prerecorded)'),
  a('1.3.1', 'Info and Relationships'),
  a('1.3.2', 'Meaningful Sequence'),
  a('1.3.3', 'Sensory Characteristics'),
  aa('1.3.4', 'Orientation'),
  aa('1.3.5', 'Identify Input Purpose'),
  a('1.4.1', 'Use of Color'),
  a('1.4.2', 'Audio Control'),
  aa('1.4.3', 'Contrast (Minimum)'),
  aa('1.4.4', 'Resize Text'),
  aa('1.4.5', 'Images of Text'),
  aa('1.4.10', 'Reflow'),
  aa('1.4.11', 'Non-text Contrast'),
  aa('1.4.12', 'Text Spacing'),
  aa('1.4.13', 'Content on Hover or Focus'),
  a('2.1.1', 'Keyboard'),
  a('2.1.2', 'No Keyboard Trap'),
  a('2.1.4', 'Character Key Shortcuts'),
  a('2.2.1', 'Timing Adjustable'),
  a('2.2.2', 'Pause, Stop, Hide'),
  a('2.3.1', 'Three Flashes or Below Threshold'),
  a('2.4.1', 'Bypass Blocks'),
  a('2.4.2', 'Page Titled'),
  a('2.4.3', 'Focus Order'),
  a('2.4.4', 'Link Purpose (In Context)'),
  aa('2.4.5', 'Multiple Ways'),
  aa('2.4.6', 'Headings and Labels'),
  aa('2.4.7', 'Focus Visible'),
  aa('2.4.11', 'Focus Not Obscured (Minimum)', { newIn22: true }),
  a('2.5.1', 'Pointer Gestures'),
  a('2.5.2', 'Pointer Cancellation'),
  a('2.5.3', 'Label in Name'),
  a('2.5.4', 'Motion Actuation'),
  aa('2.5.7', 'Dragging Movements', { newIn22: true }),
  aa('2.5.8', 'Target Size (Minimum)', { newIn22: true }),
  a('3.1.1', 'Language of Page'),
  aa('3.1.2', 'Language of Parts'),
  a('3.2.1', 'On Focus'),
  a('3.2.2', 'On Input'),
  aa('3.2.3', 'Consistent Navigation'),
  aa('3.2.4', 'Consistent Identification'),
  a('3.2.6', 'Consistent Help', { newIn22: true }),
  a('3.3.1', 'Error Identification'),
  a('3.3.2', 'Labels or Instructions'),
  aa('3.3.3', 'Error Suggestion'),
  aa('3.3.4', 'Error Prevention (Legal, Financial, Data)'),
  a('3.3.7', 'Redundant Entry', { newIn22: true }),
  aa('3.3.8', 'Accessible Authentication (Minimum)', { newIn22: true }),
  a('4.1.1', 'Parsing', { obsolete: true }),
  a('4.1.2', 'Name, Role, Value'),
  aa('4.1.3', 'Status Messages'),
];

/** axe-core names a criterion by a tag of its digits run together: wcag143 is 1.4.3, wcag2411 is 2.4.11. */
export function axeTagOf(criterionId: string): string {
  return `wcag${criterionId.replaceAll('.', '')}`;
}
