declare module 'virtual:studyforge/catalogue' {
  import type { ToolMeta, ToolModule } from './defineTool';

  /** Metadata of every registry file, in file-name order. */
  export const catalogue: readonly ToolMeta[];
  /** One lazy import per tool id. */
  export const loaders: Readonly<Record<string, () => Promise<ToolModule>>>;
  /** The SVG sprite with every icon in use; symbols are named after the icon. */
  export const iconSpriteUrl: string;
}
