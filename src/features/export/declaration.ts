import type { ExportSettings } from './format';

/*
 * What export adds to every tool declaration (the kernel's ToolExtensions):
 * declared here, beside the formats it names, so the kernel names no feature.
 */

declare module '../../kernel/defineTool' {
  interface ToolExtensions {
    /** Export formats added to or removed from the ones its result kind and renderer give. */
    exports?: ExportSettings;
    /**
     * 'email': the answer opens with a "Subject:" line, and the result adds
     * "Copy subject" and "Copy body" beside Copy, for an email client's two boxes.
     */
    copy?: 'email';
  }
}
