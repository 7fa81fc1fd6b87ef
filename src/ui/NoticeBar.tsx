import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Icon } from './Icon';
import { useNotices } from './notices';
import { couldNotMessage } from '../kernel/stored/storageFullMessage';

export const UNDO_BUTTON_ID = 'undo-button';

/** Moves focus to the page heading when the element holding it is about to disappear. */
function rescueFocus(from: HTMLElement | null) {
  if (from && from.contains(document.activeElement)) document.querySelector<HTMLElement>('main h1')?.focus();
}

/**
 * The notice and its Undo. A polite live region that is always in the page,
 * so screen readers announce each notice as it appears; a failed Undo is an alert.
 * It stays while it has keyboard focus or the pointer is on it, however long
 * someone takes to reach Undo (by Tab, a screen reader's cursor or a
 * trembling hand), and gets its whole time again once they leave it.
 */
export function NoticeBar() {
  const notice = useNotices((s) => s.notice);
  const ref = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const held = focused || hovered;
  const wasHeld = useRef(false);

  // A focused Undo that goes away with its notice (after it worked) fires no blur: ask where focus is now.
  useEffect(() => {
    setFocused(ref.current?.contains(document.activeElement) ?? false);
  }, [notice]);

  useEffect(() => {
    if (!notice) return;
    if (held) {
      wasHeld.current = true;
      return;
    }
    if (wasHeld.current) {
      // Just left: the whole time again, from now (restart sets a new notice, which runs this again).
      wasHeld.current = false;
      useNotices.getState().restart(notice.id);
      return;
    }
    const timer = setTimeout(() => {
      rescueFocus(ref.current);
      useNotices.getState().dismiss(notice.id);
    }, Math.max(0, notice.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [notice, held]);

  function undo() {
    if (!notice?.undo) return;
    const { show } = useNotices.getState();
    let focusId: string | null = null;
    try {
      // Render the restored item now, so focus can move to it.
      flushSync(() => {
        focusId = notice.undo?.() ?? null;
        show({ message: notice.undoneMessage ?? 'Restored.' });
      });
    } catch (error) {
      // Nothing was restored: say why, and keep Undo so it can be tried again.
      flushSync(() => {
        show({ message: couldNotMessage(error, 'undo'), undo: notice.undo, undoneMessage: notice.undoneMessage, error: true });
      });
      document.getElementById(UNDO_BUTTON_ID)?.focus();
      return;
    }
    const target = focusId ? document.getElementById(focusId) : null;
    if (target) target.focus();
    else document.querySelector<HTMLElement>('main h1')?.focus();
  }

  function dismiss() {
    if (!notice) return;
    rescueFocus(ref.current);
    useNotices.getState().dismiss(notice.id);
  }

  const undoButton = notice?.undo && (
    <button id={UNDO_BUTTON_ID} type="button" className="button" onClick={undo}>
      <Icon name="undo" />
      <span>Undo</span>
    </button>
  );

  return (
    <div
      ref={ref}
      className="notice-area"
      onFocus={() => setFocused(true)}
      // Focus moving between Undo and Dismiss stays in the notice.
      onBlur={(event) => setFocused(ref.current?.contains(event.relatedTarget) ?? false)}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    >
      <div role="status">
        {notice && !notice.error && (
          <div className="notice">
            <Icon name={notice.undo ? 'delete' : 'check'} className="notice-icon" />
            <p className="notice-message">{notice.message}</p>
            {undoButton}
            <DismissButton onClick={dismiss} />
          </div>
        )}
      </div>
      {notice?.error && (
        <div className="notice notice-error" role="alert">
          <Icon name="error" className="notice-icon" />
          <p className="notice-message">{notice.message}</p>
          {undoButton}
          <DismissButton onClick={dismiss} />
        </div>
      )}
    </div>
  );
}

function DismissButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="button button-quiet notice-dismiss" onClick={onClick}>
      <Icon name="close" />
      <span className="visually-hidden">Dismiss</span>
    </button>
  );
}
