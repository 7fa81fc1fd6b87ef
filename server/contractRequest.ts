import { z } from 'zod';
import { contractSchemaShape } from '../src/kernel/contractSchemaShape';
import { schemaBoundsProblem } from '../src/kernel/schemaBounds';

/*
 * Reading the body of `POST /functions/v1/gemini` (spec 7.1) without trusting
 * it: JSON only (a form or text/plain body is what a cross-site page can send
 * without asking, so it is refused before it can spend the operator's quota),
 * the response schema held to SCHEMA_LIMITS before anything recursive reads
 * it, then the shape checked with zod. Unknown keys are dropped, so nothing
 * the contract does not name reaches a provider.
 */

const generateBody = z.object({
  contents: z.string({ error: 'contents must be the prompt text (a string).' }).refine((s) => s.trim() !== '', 'contents must not be blank.'),
  config: z
    .object({
      responseMimeType: z.string().max(100).optional(),
      responseSchema: contractSchemaShape.optional(),
    })
    .optional(),
  // The asking tool's registry id, for metering only (metrics.ts keeps it only when it looks like one).
  tool: z.string().max(200).optional().catch(undefined),
});

export type GenerateBody = z.infer<typeof generateBody>;

export type ParsedRequest = { ok: true; body: GenerateBody } | { ok: false; status: 400 | 415; error: string };

/** `application/json`, with or without parameters (charset), in any case. */
export function isJsonContentType(header: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test((header ?? '').trim());
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseGenerateRequest(contentType: string | undefined, text: string): ParsedRequest {
  if (!isJsonContentType(contentType)) {
    return { ok: false, status: 415, error: 'Send the request as JSON, with "Content-Type: application/json".' };
  }
  let raw: unknown;
  try {
    // JSON.parse is not recursive in V8, Deno's or JavaScriptCore's engines: deep nesting is only a cost for what reads it next.
    raw = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, error: 'The request body must be JSON: {"contents": "<prompt>", "config": {...}}.' };
  }
  const config = isRecord(raw) ? raw.config : undefined;
  const schema = isRecord(config) ? config.responseSchema : undefined;
  if (schema !== undefined) {
    const problem = schemaBoundsProblem(schema);
    if (problem) return { ok: false, status: 400, error: `Invalid request: ${problem}` };
  }
  const parsed = generateBody.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, status: 400, error: `Invalid request: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not valid'}` };
  }
  return { ok: true, body: parsed.data };
}
