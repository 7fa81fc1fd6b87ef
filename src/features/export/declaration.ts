import type { ExportSettings } from './format';

/*
 * What export adds to every tool declaration (the kernel's ToolExtensions):
 * declared here, beside the formats it names, so the kernel names no feature.
 */

declare module '../../kernel/defineTool' {
  interface ToolExtensions {
    /** Export formats added to or removed from the ones its result kind and renderer give. */
    exports?: ExportSettings;
  }
}
