import type { z } from 'zod';

/**
 * "at structure: Too small: expected array to have >=3 items; at the top level: ...":
 * zod's own words and paths, never the value's text, the first `limit` issues
 * and how many more. Tells the model what to fix in a retried answer, and an
 * author what to fix in a registry file. No value imports, so the registry
 * plugin can load it into vite.config.ts.
 */
export function zodIssuesText(error: z.ZodError, limit: number): string {
  const shown = error.issues
    .slice(0, limit)
    .map((issue) => `${issue.path.length ? `at ${issue.path.join('.')}` : 'at the top level'}: ${issue.message}`);
  const more = error.issues.length > limit ? `; and ${error.issues.length - limit} more` : '';
  return `${shown.join('; ')}${more}`;
}
