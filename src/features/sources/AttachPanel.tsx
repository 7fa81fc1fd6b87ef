import './AttachPanel.css';
import { useEffect, useRef, useState } from 'react';
import { MAX_PDF_PAGES } from './limits';
import { Spinner } from '../../ui/Spinner';
import { attachFile } from './attachFiles';
import type { AttachBoxes } from './attachBoxes';

/*
 * Reading an attachment, loaded with the first file: its progress
 * with Cancel, a long PDF's page chooser, then what was added (characters and
 * the share of a model's context) or why nothing was. Each file goes into its
 * own box: the first into the box it was attached to, the rest into the
 * empty boxes after it, each starting with its file's name so the prompt
 * names the source.
 */

type Line = { text: string; failed: boolean };

type State =
  | { kind: 'reading'; name: string; progress: string }
  | { kind: 'choosing'; at: number; total: number }
  | { kind: 'told' };

interface AttachPanelProps {
  files: readonly File[];
  boxes: AttachBoxes;
  onReading(reading: boolean): void;
}

export default function AttachPanel({ files, boxes, onReading }: AttachPanelProps) {
  const [state, setState] = useState<State>({ kind: 'reading', name: files[0]!.name, progress: '' });
  const [lines, setLines] = useState<Line[]>([]);
  const [range, setRange] = useState({ from: 1, to: MAX_PDF_PAGES });
  const controllerRef = useRef<AbortController | null>(null);
  const say = (...more: Line[]) => setLines((all) => [...all, ...more]);

  /** Reads files[at...] one by one; the boxes are chosen once, before the first is filled. */
  async function readFrom(at: number, boxNames: readonly string[], pages?: { from: number; to: number }) {
    onReading(true);
    const labelled = files.length > 1;
    for (let i = at; i < files.length; i++) {
      const file = files[i]!;
      const box = boxes.targets.find((t) => t.name === boxNames[i]);
      if (!box) {
        say({ text: `${file.name} was not read: there is no empty box left for it.`, failed: true });
        continue;
      }
      const controller = new AbortController();
      controllerRef.current = controller;
      setState({ kind: 'reading', name: file.name, progress: '' });
      const outcome = await attachFile(file, {
        ...(i === at && pages ? { pages } : {}),
        ...(box === boxes.targets[0] ? {} : { into: box.label }),
        signal: controller.signal,
        onProgress: (progress) => setState({ kind: 'reading', name: file.name, progress }),
      });
      controllerRef.current = null;
      if (outcome.kind === 'cancelled') {
        say({ text: `Reading ${file.name} was cancelled. What was in the box is unchanged.`, failed: false });
        break;
      }
      if (outcome.kind === 'choosePages') {
        setRange({ from: 1, to: MAX_PDF_PAGES });
        setState({ kind: 'choosing', at: i, total: outcome.total });
        onReading(false);
        return;
      }
      if (outcome.kind === 'failed') {
        say({ text: outcome.message, failed: true });
        continue;
      }
      const before = boxes.valueOf(box.name).trimEnd();
      const text = labelled ? `File: ${file.name}\n\n${outcome.text}` : outcome.text;
      boxes.setValue(box.name, before ? `${before}\n\n${text}` : text);
      say({ text: outcome.message, failed: false }, ...outcome.notes.map((note) => ({ text: note, failed: false })));
    }
    setState({ kind: 'told' });
    onReading(false);
  }

  const boxNamesRef = useRef<string[] | null>(null);
  useEffect(() => {
    // Read once per batch (a new batch mounts a new panel), even when a strict-mode check mounts this twice.
    // Leaving the page does not cancel: what was read is set into a form that is gone, which changes nothing.
    if (boxNamesRef.current) return;
    const [own, ...rest] = boxes.targets;
    boxNamesRef.current = [own!, ...rest.filter((t) => !boxes.valueOf(t.name).trim())].map((t) => t.name);
    void readFrom(0, boxNamesRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      {lines.map((line, i) => (
        <p key={i} className={line.failed ? 'field-error' : 'hint'}>
          {line.text}
        </p>
      ))}
      {state.kind === 'reading' && (
        <p>
          <Spinner /> Reading {state.name}
          {state.progress && `: ${state.progress}`}...{' '}
          <button type="button" className="button button-quiet" onClick={() => controllerRef.current?.abort()}>
            Cancel reading
          </button>
        </p>
      )}
      {state.kind === 'choosing' && (
        <fieldset className="attach-pages">
          <legend>
            {files[state.at]!.name} has {state.total} pages. Which should be read? Up to {MAX_PDF_PAGES} at a time.
          </legend>
          <label>
            From page <input type="number" min={1} max={state.total} value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: Number(e.target.value) }))} />
          </label>
          <label>
            to page <input type="number" min={1} max={state.total} value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: Number(e.target.value) }))} />
          </label>
          <button type="button" className="button" onClick={() => void readFrom(state.at, boxNamesRef.current ?? [], range)}>
            Read these pages
          </button>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => {
              say({ text: `${files[state.at]!.name} was not read. What was in the box is unchanged.`, failed: false });
              setState({ kind: 'told' });
            }}
          >
            Cancel
          </button>
        </fieldset>
      )}
    </>
  );
}
