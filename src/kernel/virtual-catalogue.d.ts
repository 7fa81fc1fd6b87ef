declare module 'virtual:studyforge/catalogue' {
  import type { ToolCategory, ToolRole } from './defineTool';
  import type { ToolFormModule } from './toolForm';

  /** Metadata of every registry file, sorted by title (English collation), as [id, title, description, icon, category, role?] (catalogue.ts makes ToolMeta objects). */
  export const catalogue: readonly (readonly [id: string, title: string, description: string, icon: string, category: ToolCategory, role?: ToolRole])[];
  /** One lazy import per tool id: its form's module, which imports the whole declaration in turn. */
  export const loaders: Readonly<Record<string, () => Promise<ToolFormModule>>>;
  /** The SVG sprite with every icon in use; symbols are named after the icon. */
  export const iconSpriteUrl: string;
}
