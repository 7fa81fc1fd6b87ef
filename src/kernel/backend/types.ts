import type { ContractSchema } from '../contractSchema';

export interface GenerateRequest {
  prompt: string;
  /** When present the answer is JSON fitting this schema; otherwise text. */
  responseSchema?: ContractSchema;
  signal?: AbortSignal;
  /**
   * Called with the answer's text so far each time more of it arrives (a
   * streaming backend). The text is unvalidated: for a preview only, never a result.
   */
  onText?: (textSoFar: string) => void;
  /** The registry example's output: what the offline sample backend answers. Real backends ignore it. */
  sample?: unknown;
}

export interface Backend {
  /** contract: a spec 7.1 backend; provider: a model called with the user's own key; sample: offline. */
  kind: 'contract' | 'provider' | 'sample';
  /** Resolves to text, or to parsed JSON when a responseSchema was sent. */
  generate(request: GenerateRequest): Promise<unknown>;
}
