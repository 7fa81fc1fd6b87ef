import { Icon } from '../../../ui/Icon';

/**
 * The mark on every text a model wrote that a student sees: AI output is
 * disclosed as such (the EU AI Act asks it), and the words say what to do
 * about it. A paragraph of its own, so a screen reader reads it before the text.
 */
export function AiLabel() {
  return (
    <p className="ai-label">
      <span className="badge ai-badge">
        <Icon name="auto_awesome" />
        AI-generated
      </span>
      <span className="ai-label-note">Made by AI: check anything important</span>
    </p>
  );
}
