/*
 * Supabase serves every path under {project}/functions/v1/gemini/ to this
 * function, which sees it as /gemini/... (Supabase's own Hono example routes
 * on basePath('/<function name>')). The gateway's routes other than the text
 * contract (the transcription route, /capabilities, /healthz) are answered
 * there too: an app built with VITE_STUDYFORGE_TRANSCRIBE_URL=
 * {project}/functions/v1/gemini then reaches them. The text contract keeps its
 * own two paths, /functions/v1/gemini and /gemini, as they are.
 */

const FUNCTION_PREFIXES = ['/functions/v1/gemini', '/gemini'] as const;

/** The request with the function's own prefix taken off a longer path; any other request as it is. */
export function withoutFunctionPrefix(request: Request): Request {
  const url = new URL(request.url);
  for (const prefix of FUNCTION_PREFIXES) {
    const rest = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : '';
    if (rest.length > 1) {
      url.pathname = rest;
      return new Request(url, request);
    }
  }
  return request;
}
