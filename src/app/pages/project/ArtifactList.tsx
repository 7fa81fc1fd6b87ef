import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { findTool } from '../../../kernel/catalogue';
import { resultTopic } from '../../../kernel/resultTopic';
import { type Artifact, useProjects, projectErrorMessage } from '../../../features/projects';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Spinner } from '../../../ui/Spinner';
import { Icon } from '../../../ui/Icon';
import { ConfirmPanel } from '../../../ui/ConfirmPanel';
import { CopyButton } from '../../../ui/CopyButton';
import { ExportMenu, loadRichCopy, type ExportInput } from '../../../features/export';
import { formatDateTime } from '../../../ui/formatDate';
import { UNDO_BUTTON_ID } from '../../../ui/NoticeBar';
import { useNotices } from '../../../ui/notices';
import { artifactText, tooDeepMessage, tooDeepToShow } from './artifactContent';

/*
 * A project's saved items, shown a page at a time: each as its tool made it
 * (collapsed to a preview, Open for the whole), or all as text (spec 2's
 * view, one switch on the page away), with Copy and Delete (with Undo).
 */

// The renderers and tool declarations load with the first saved item, not with the page.
const SavedResult = lazy(() => import('./SavedResult').then(({ loadSavedResult }) => loadSavedResult()).then((view) => ({ default: view })));

export function toolTitleOf(artifact: Artifact): string {
  return artifact.toolTitle ?? findTool(artifact.toolId)?.title ?? artifact.toolId;
}

/** What a saved item is called: its topic (typed, or a title the result gives itself), else its tool's name. */
export function itemNameOf(artifact: Artifact): string {
  return resultTopic({ toolTitle: toolTitleOf(artifact), topic: artifact.topic, data: artifact.data });
}

export function artifactHeadingId(artifactId: string): string {
  return `artifact-${artifactId}`;
}

/**
 * Whether the element is on screen or near it. A saved item's renderer
 * mounts only then: a project of hundreds of items opens as fast as one of
 * ten. Without IntersectionObserver everything counts as near.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '800px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

function ArtifactItem({ projectId, artifact, asText }: { projectId: string; artifact: Artifact; asText: boolean }) {
  const tool = findTool(artifact.toolId);
  const title = toolTitleOf(artifact);
  const name = useMemo(() => itemNameOf(artifact), [artifact]);
  const text = useMemo(() => artifactText(artifact), [artifact]);
  const tooDeep = useMemo(() => tooDeepToShow(artifact), [artifact]);
  const when = formatDateTime(artifact.createdAt);
  const exportInput: ExportInput = { toolTitle: title, data: artifact.data, madeAt: artifact.createdAt, ...(artifact.topic ? { topic: artifact.topic } : {}) };
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const near = useNearViewport(itemRef);

  function remove() {
    try {
      const deleted = useProjects.getState().deleteArtifact(projectId, artifact.id);
      if (!deleted) return; // Already gone (another tab): the list re-reads.
      flushSync(() => {
        useNotices.getState().show({
          message: `Deleted the ${title} item saved ${when}.`,
          undo: () => (useProjects.getState().restoreArtifact(deleted) ? artifactHeadingId(artifact.id) : null),
          undoneMessage: `Restored the ${title} item.`,
        });
      });
      // This item is gone: focus goes to the Undo that can bring it back.
      document.getElementById(UNDO_BUTTON_ID)?.focus();
    } catch (failure) {
      setError(projectErrorMessage(failure, 'delete'));
    }
  }

  return (
    <li className="card artifact" ref={itemRef}>
      <header className="artifact-header">
        <Icon name={tool?.icon ?? 'auto_awesome'} className="artifact-icon" />
        <div className="artifact-heading">
          <h2 className="artifact-title" id={artifactHeadingId(artifact.id)} tabIndex={-1}>
            {name}
            {/* Named by its topic, the item still says which tool made it (spec 2: the tool's title). */}
            {name !== title && <span className="artifact-tool"><span className="visually-hidden">, </span>{title}</span>}
          </h2>
          <time dateTime={artifact.createdAt}>{when}</time>
          {artifact.refinements && artifact.refinements.length > 0 && (
            <p className="hint artifact-refinements">Refined: {artifact.refinements.join(' → ')}</p>
          )}
        </div>
        <div className="artifact-actions">
          <CopyButton text={text} html={() => loadRichCopy().then((m) => m.richCopyHtml(artifact.toolId, exportInput))} />
          <ExportMenu toolId={artifact.toolId} input={exportInput} itemLabel={`${title} item saved ${when}`} />
          {!confirming && (
            <button ref={deleteRef} type="button" className="button button-quiet" onClick={() => setConfirming(true)}>
              <Icon name="delete" />
              <span>Delete</span>
              <span className="visually-hidden"> {title} item saved {when}</span>
            </button>
          )}
        </div>
      </header>
      {confirming && (
        <ConfirmPanel
          question={`Delete this ${title} item?`}
          detail="You can undo this for a few seconds afterwards."
          confirmLabel="Yes, delete"
          onConfirm={remove}
          onCancel={() => {
            flushSync(() => setConfirming(false));
            deleteRef.current?.focus();
          }}
        />
      )}
      {error && <p className="inline-error" role="alert">{error}</p>}
      {tooDeep && <ErrorBox message={tooDeepMessage} />}
      {tooDeep || asText ? (
        // A long item scrolls inside its box, so the box takes focus: arrow keys can scroll it too.
        <pre className="artifact-content" tabIndex={0} role="region" aria-label={`${title} item, saved ${when}`}>{text}</pre>
      ) : (
        // Collapsed, the preview is inert (and hidden from assistive tech, for tools that do not know inert yet):
        // what is clipped from view is out of the tab order and the reading order too.
        <div id={bodyId} className={open ? 'saved-view' : 'saved-view is-collapsed'} inert={!open} aria-hidden={open ? undefined : true} role="region" aria-label={`${title} item, saved ${when}`}>
          {near && (
            <Suspense fallback={<Spinner />}>
              <SavedResult projectId={projectId} artifact={artifact} toolKnown={tool !== undefined} />
            </Suspense>
          )}
        </div>
      )}
      {!tooDeep && !asText && (
        <div className="artifact-view-actions">
          <button type="button" className="button button-quiet" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
            <Icon name={open ? 'expand_less' : 'expand_more'} />
            <span>{open ? 'Close' : 'Open'}</span>
            <span className="visually-hidden"> {title} item saved {when}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/** Items shown at first, and added per "Show more": a project with a year of work still opens at once. */
export const ARTIFACTS_PER_PAGE = 50;

interface ArtifactListProps {
  projectId: string;
  projectName: string;
  artifacts: readonly Artifact[];
  /** Every item as text (spec 2's view: JSON pretty-printed) rather than as its tool made it. */
  asText?: boolean;
}

export function ArtifactList({ projectId, projectName, artifacts, asText = false }: ArtifactListProps) {
  const [shown, setShown] = useState(ARTIFACTS_PER_PAGE);
  const firstNewRef = useRef<string | null>(null);
  const visible = artifacts.slice(0, shown);
  const remaining = artifacts.length - visible.length;

  useEffect(() => {
    // After "Show more", move on to the first newly shown item, so keyboard users continue from there.
    if (firstNewRef.current) document.getElementById(artifactHeadingId(firstNewRef.current))?.focus();
    firstNewRef.current = null;
  }, [shown]);

  return (
    <>
      <ol className="artifact-list" aria-label={`Saved items in ${projectName}`}>
        {visible.map((artifact) => <ArtifactItem key={artifact.id} projectId={projectId} artifact={artifact} asText={asText} />)}
      </ol>
      {remaining > 0 && (
        <p className="show-more">
          <button
            type="button"
            className="button"
            onClick={() => {
              firstNewRef.current = artifacts[shown]?.id ?? null;
              setShown((n) => n + ARTIFACTS_PER_PAGE);
            }}
          >
            Show {Math.min(remaining, ARTIFACTS_PER_PAGE)} more ({remaining} older {remaining === 1 ? 'item' : 'items'} not shown)
          </button>
        </p>
      )}
    </>
  );
}
