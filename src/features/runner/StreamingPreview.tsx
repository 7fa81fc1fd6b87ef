import { useEffect, useId, useState, type ComponentType } from 'react';
import { previewBodies, type PreviewKind } from '../../../renderers';
import type { ContractSchema } from '../../kernel/contractSchema';
import type { PreviewBodyProps } from '../../kernel/rendererProps';
import { Spinner } from '../../ui/Spinner';

/*
 * The answer as it is written, while a streaming backend sends it. Clearly a
 * preview: labelled 'Writing...', aria-busy, and without Copy or Save. It is
 * never a result: the whole answer is validated at the end, and only the
 * validated result (in the result card) replaces it.
 *
 *   markdown   the text so far, through the same sanitised markdown path
 *   structured what the partial JSON holds so far, laid out by the generic renderer
 *   null       bespoke screens (quiz, flashcards...) get a neutral note and no data
 */

type PreviewBody = ComponentType<PreviewBodyProps>;
const loaded = new Map<PreviewKind, PreviewBody>();

/** Starts loading the body for this kind (a tool page calls it as the person starts on the form), so the first characters show laid out. */
export function preloadPreviewBody(kind: PreviewKind): void {
  if (loaded.has(kind)) return;
  previewBodies[kind]().then(
    (component) => loaded.set(kind, component),
    (error: unknown) => console.warn('[preview] could not load', error),
  );
}

/** The preview body for this kind, loaded in the background as soon as a tool page asks for it. */
export function usePreviewBody(kind: PreviewKind | null): PreviewBody | null {
  const [body, setBody] = useState<PreviewBody | null>(() => (kind ? (loaded.get(kind) ?? null) : null));
  useEffect(() => {
    if (!kind) return;
    const known = loaded.get(kind);
    if (known) {
      setBody(() => known);
      return;
    }
    let live = true;
    previewBodies[kind]().then(
      (component) => {
        loaded.set(kind, component);
        if (live) setBody(() => component);
      },
      // Without it the preview stays neutral; the result still arrives as usual.
      (error: unknown) => console.warn('[preview] could not load', error),
    );
    return () => {
      live = false;
    };
  }, [kind]);
  return kind ? body : null;
}

interface StreamingPreviewProps {
  /** The answer's text so far, unvalidated. */
  text: string;
  /** The body that lays it out; null for a neutral preview. */
  Body: PreviewBody | null;
  schema?: ContractSchema;
}

export function StreamingPreview({ text, Body, schema }: StreamingPreviewProps) {
  const headingId = useId();
  return (
    <section className="card result-card result-preview" aria-labelledby={headingId} aria-busy="true">
      <header className="result-card-header">
        <h2 id={headingId} className="result-preview-heading">
          <Spinner />
          <span>Writing...</span>
        </h2>
      </header>
      <p className="hint">
        {Body
          ? 'A preview of the answer so far. The full answer is checked once it is complete.'
          : 'The answer is being written. It appears here, checked, once it is complete.'}
      </p>
      {Body && <Body text={text} schema={schema} />}
    </section>
  );
}

/**
 * The preview as a tool page shows it: the body for the tool's kind (already here when it was preloaded).
 * A tool page loads this module as the person starts on the form, not with the form.
 */
export function LivePreview({ text, kind, schema }: { text: string; kind: PreviewKind | null; schema?: ContractSchema }) {
  const Body = usePreviewBody(kind);
  return <StreamingPreview text={text} Body={Body} schema={schema} />;
}
