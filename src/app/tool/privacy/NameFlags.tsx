import { lazy, Suspense } from 'react';
import { holdsPersonalData, type FormValues } from '../../../engine/fields';
import type { ToolForm } from '../../../engine/toolForm';

/*
 * Beside Generate, on a tool that may hold names: the name-like words that
 * would still be sent as typed, with one tap to replace them. The finder
 * (compromise) loads only for such a tool, once the panel is on screen.
 */

const NameFlagsPanel = lazy(() => import('./NameFlagsPanel'));

export function NameFlags({ tool, values }: { tool: ToolForm; values: FormValues }) {
  if (!holdsPersonalData(tool.fields)) return null;
  return (
    <Suspense fallback={null}>
      <NameFlagsPanel tool={tool} values={values} />
    </Suspense>
  );
}
