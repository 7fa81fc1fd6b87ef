import { useEffect, useState } from 'react';
import { loadTool, loadToolForm } from '../../kernel/catalogue';
import type { ToolForm } from '../../kernel/toolForm';
import { attachable } from '../../kernel/fields';
import { preloadAttachFile } from '../sources';
import type { ToolDeclaration, ToolMeta } from '../../kernel/defineTool';
import { hasStoredSession, loadSessionCode, useToolSessions } from './toolSessions';
import { messages } from '../../kernel/messages';
import { ErrorBox } from '../../ui/ErrorBox';
import { ToolLoading } from '../../ui/ToolLoading';
import { ToolRunner } from './ToolRunner';
import { preloadWidgets } from '../../../renderers';

/**
 * Loads a tool's form with its route (its declaration too when a session is
 * stored), then hands it to the generic runner. The page's heading is already on screen (ToolRoute), from the
 * catalogue in the first load; the route looked the tool up once and hands
 * its metadata down.
 */
export function ToolPage({ meta }: { meta: ToolMeta }) {
  const [opened, setOpened] = useState<{ form: ToolForm; declaration: ToolDeclaration | null } | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setFailed(false);
    // The widgets and Attach a file come with the form: a form whose control changed under the typist would lose their typing.
    loadToolForm(meta.id)
      .then(async (form) => {
        // A stored session is read back (and its results checked) with the declaration and code a first visit does without.
        const stored = hasStoredSession(form.id);
        const [declaration] = await Promise.all([
          stored ? loadTool(form.id) : null,
          preloadWidgets(form),
          form.fields.some(attachable) ? preloadAttachFile() : undefined,
          stored ? loadSessionCode() : undefined,
        ]);
        return { form, declaration };
      })
      .then(
        (loaded) => {
          if (!current) return;
          useToolSessions.getState().open(loaded.declaration ?? loaded.form);
          setOpened(loaded);
        },
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [meta, attempt]);

  if (opened?.form.id === meta.id) return <ToolRunner key={meta.id} tool={opened.form} declaration={opened.declaration} />;

  return (
    <>
      {failed ? (
        <ErrorBox message={messages.toolNotLoaded}>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>Try again</button>
        </ErrorBox>
      ) : (
        <ToolLoading />
      )}
    </>
  );
}
