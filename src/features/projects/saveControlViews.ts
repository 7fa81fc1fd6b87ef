/* The save controls' views, loaded together on demand (saveControls.tsx). */
export { SaveButton } from './SaveButton';
export { SaveToProjectPanel } from './SaveToProjectPanel';
