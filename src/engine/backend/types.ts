import type { ContractSchema } from '../contractSchema';

export interface GenerateRequest {
  prompt: string;
  /** When present the answer is JSON fitting this schema; otherwise text. */
  responseSchema?: ContractSchema;
  signal?: AbortSignal;
  /** The registry example's output: what the offline sample backend answers. Real backends ignore it. */
  sample?: unknown;
}

export interface Backend {
  kind: 'contract' | 'sample';
  /** Resolves to text, or to parsed JSON when a responseSchema was sent. */
  generate(request: GenerateRequest): Promise<unknown>;
}
