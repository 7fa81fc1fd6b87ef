import { useEffect, useId, useRef } from 'react';
import { Icon } from './Icon';

interface ConfirmPanelProps {
  question: string;
  detail?: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  /** A choice that goes with the confirmation (a checkbox), shown between the question and the buttons. */
  children?: React.ReactNode;
}

/**
 * An in-page confirmation (no window.confirm): announced as an alert, focus on
 * Cancel (the harmless choice), Escape cancels.
 */
export function ConfirmPanel({ question, detail, confirmLabel, onConfirm, onCancel, children }: ConfirmPanelProps) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);

  return (
    <div
      className="confirm-panel"
      role="group"
      aria-labelledby={`${id}-question`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <div role="alert">
        <p id={`${id}-question`} className="confirm-question">{question}</p>
        {detail && <p className="confirm-detail">{detail}</p>}
      </div>
      {children}
      <div className="confirm-actions">
        <button type="button" className="button button-danger" onClick={onConfirm}>
          <Icon name="delete" />
          <span>{confirmLabel}</span>
        </button>
        <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
