import './ExportMenu.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { ExportFormat, ExportInput } from './format';
import type { ResultExports } from './exportFormats';
import { messageOf } from '../../kernel/messages';
import { Icon } from '../../ui/Icon';
import { focusMenuItem, menuKeyTarget, type MenuEnd } from './menuKeys';

/*
 * Export under a result or a saved item: a menu button that opens the
 * formats this result can be taken out as, found when it opens (the
 * formats' code loads then, never with the page). Choosing one downloads
 * the file; a failure says why and leaves the result as it was.
 *
 * It behaves as a menu button does for keyboard and screen-reader users:
 * the list floats below the button (nothing on the page moves), arrow keys
 * move between formats, Escape closes it and gives focus back to Export,
 * and a click or tap anywhere else, or Tab away, closes it.
 */

type Formats = { status: 'closed' } | { status: 'loading' } | { status: 'open'; exports: ResultExports } | { status: 'failed'; message: string };

export function ExportMenu({ toolId, input, itemLabel }: { toolId: string; input: ExportInput; itemLabel?: string }) {
  const [state, setState] = useState<Formats>({ status: 'closed' });
  const moduleRef = useRef<typeof import('./exportFormats') | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The format being made (a Word file takes a moment): its entry is disabled meanwhile. */
  const [working, setWorking] = useState<string | null>(null);
  const id = useId();
  const listId = `${id}-list`;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Counts openings, so formats that finish loading after the menu was closed do not reopen it. */
  const openingRef = useRef(0);
  const open = state.status === 'loading' || state.status === 'open';

  function close({ refocus }: { refocus: boolean }) {
    openingRef.current += 1;
    flushSync(() => setState((current) => (current.status === 'failed' ? current : { status: 'closed' })));
    if (refocus) buttonRef.current?.focus();
  }

  // A click or tap outside closes the menu; focus stays where the user put it.
  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close({ refocus: false });
    };
    document.addEventListener('pointerdown', closeIfOutside);
    return () => document.removeEventListener('pointerdown', closeIfOutside);
  }, [open]);

  async function openMenu(focusAt: MenuEnd) {
    const opening = ++openingRef.current;
    setState({ status: 'loading' });
    try {
      moduleRef.current ??= await import('./exportFormats');
      const exports = await moduleRef.current.exportsFor(toolId, input);
      if (opening !== openingRef.current) return;
      flushSync(() => setState({ status: 'open', exports }));
      focusMenuItem(document.getElementById(listId), focusAt);
    } catch (failure) {
      if (opening !== openingRef.current) return;
      setState({ status: 'failed', message: `Could not load the export formats: ${messageOf(failure)}` });
    }
  }

  async function choose(format: ExportFormat, exports: ResultExports) {
    if (working) return;
    setWorking(format.key);
    setError(null);
    setDone(null);
    try {
      // Loaded when the menu opened, with the formats listed in it.
      const name = await moduleRef.current!.exportAs(format, exports.input, exports.context);
      setDone(name ? `Exported ${name}.` : null);
      close({ refocus: true });
    } catch (failure) {
      setError(`Could not export as ${format.label}: ${messageOf(failure)}`);
    } finally {
      setWorking(null);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close({ refocus: true });
      return;
    }
    if (event.target === buttonRef.current) {
      // Down or Up on a closed menu button opens it at the first or last format.
      if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault();
        void openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
      }
      return;
    }
    const list = document.getElementById(listId);
    const target = menuKeyTarget(list, event.target, event.key);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }

  return (
    <div
      ref={rootRef}
      className="export-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tab away (focus moving to something outside) closes it, as a menu does.
        if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget)) close({ refocus: false });
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={state.status === 'open' ? listId : undefined}
        onClick={() => (open ? close({ refocus: true }) : void openMenu('first'))}
      >
        <Icon name="download" />
        <span>Export</span>
        {itemLabel && <span className="visually-hidden"> {itemLabel}</span>}
      </button>
      {open && (
        <div className="export-popup">
          {state.status === 'loading' && <p className="hint" role="status">Finding the formats for this result…</p>}
          {state.status === 'open' && (
            state.exports.formats.length > 0 ? (
              <ul id={listId} className="export-formats" aria-label="Export formats">
                {state.exports.formats.map((format) => (
                  <li key={format.key}>
                    <button type="button" className="button button-quiet" aria-disabled={working !== null} onClick={() => void choose(format, state.exports)}>
                      {format.label}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p id={listId} className="hint">No file format for this kind of result yet: use Copy, or export its project as Markdown.</p>
            )
          )}
          {working && <p className="hint" role="status">Making the file…</p>}
        </div>
      )}
      {state.status === 'failed' && <p className="inline-error" role="alert">{state.message}</p>}
      {error && <p className="inline-error" role="alert">{error}</p>}
      {done && <p className="visually-hidden" role="status">{done}</p>}
    </div>
  );
}
