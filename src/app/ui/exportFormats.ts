import { rendererExports, rendererKeyFor } from '../../../renderers';
import { loadTool } from '../../engine/catalogue';
import { cardFormatsFor } from '../../engine/export/cards';
import { exportFileName } from '../../engine/export/fileName';
import type { ExportFormat, ExportInput } from '../../engine/export/format';
import { downloadText } from './download';

/** Every format a result of this tool can be exported as: its renderer's, then the engine's for what the data holds. */
export async function exportFormatsFor(toolId: string, data: unknown): Promise<readonly ExportFormat[]> {
  const tool = await loadTool(toolId).catch(() => undefined);
  const own = tool ? ((await rendererExports[rendererKeyFor(tool)]?.()) ?? []) : [];
  return [...own, ...cardFormatsFor(data)];
}

/** Builds the format's file and downloads it; returns its name. Throws, with the reason, when it cannot be built. */
export function exportAs(format: ExportFormat, input: ExportInput): string {
  const file = format.build(input);
  const name = exportFileName(file.baseName, file.extension);
  downloadText(name, file.text, file.type);
  return name;
}
