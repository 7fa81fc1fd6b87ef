import { lazy, Suspense, useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { Icon } from '../../ui/Icon';
import type { AttachBoxes } from './attachBoxes';

/*
 * "Attach a file" for a text box: a file picker, a file dropped on
 * the box, or a file pasted into it. The text read from a file goes into the
 * box, after what is there, for the user to check and edit before
 * generating; a file that cannot be read says why and leaves the box as it
 * was. Several files at once (the Synthesizer's sources) go one to a box,
 * into this box and the empty ones after it, each starting with its file's
 * name. A tool's page carries only this button: the reading, its status and
 * the page chooser (AttachPanel) load with the first file.
 */

interface AttachFileProps extends AttachBoxes {
  id: string;
  disabled: boolean;
  children: ReactNode;
}

const AttachPanel = lazy(() => import('./AttachPanel'));

/** What the picker offers; the file's first bytes decide what it is (src/features/sources/sniff.ts). */
const ACCEPT = '.pdf,.docx,.docm,.txt,.md,.markdown,.csv,application/pdf,text/plain,text/markdown,image/png,image/jpeg';

const hasFiles = (types: readonly string[]) => types.includes('Files');

export function AttachFile({ id, targets, valueOf, setValue, disabled, children }: AttachFileProps) {
  /** The files of the latest attachment, numbered so the same file twice is read twice. */
  const [batch, setBatch] = useState<{ n: number; files: File[] } | null>(null);
  const [reading, setReading] = useState(false);
  const pickerRef = useRef<HTMLInputElement>(null);
  const several = targets.length > 1;

  function start(files: readonly File[]) {
    if (disabled || reading || files.length === 0) return;
    setBatch((b) => ({ n: (b?.n ?? 0) + 1, files: files.slice(0, several ? files.length : 1) }));
  }
  function onDrop(event: DragEvent) {
    if (!hasFiles([...event.dataTransfer.types])) return;
    event.preventDefault();
    start([...event.dataTransfer.files]);
  }
  function onPaste(event: ClipboardEvent) {
    if (event.clipboardData.files.length === 0) return;
    event.preventDefault();
    start([...event.clipboardData.files]);
  }

  const statusId = `${id}-attach-status`;
  return (
    <div className="attach" onDragOver={(e) => hasFiles([...e.dataTransfer.types]) && e.preventDefault()} onDrop={onDrop} onPaste={onPaste}>
      {children}
      <div className="form-actions">
        <button type="button" className="button button-quiet" disabled={disabled || reading} onClick={() => pickerRef.current?.click()} aria-describedby={statusId}>
          <Icon name="attach_file" />
          <span>{several ? 'Attach files' : 'Attach a file'}</span>
        </button>
        <input
          ref={pickerRef}
          type="file"
          hidden
          accept={ACCEPT}
          multiple={several}
          onChange={(e) => {
            start([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <span className="hint">PDF, Word, text or a photo; or drop or paste one into the box</span>
      </div>
      <div id={statusId} role="status" className="attach-status">
        {batch && (
          <Suspense fallback={<p className="hint">Reading {batch.files[0]!.name}...</p>}>
            <AttachPanel key={batch.n} files={batch.files} boxes={{ targets, valueOf, setValue }} onReading={setReading} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
