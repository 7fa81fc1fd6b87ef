import { z } from 'zod';
import { rendererContract } from '../../src/kernel/rendererContract';

/** Any JSON result, laid out from its schema: the default for a tool with a zod result. */
export const structuredContract = rendererContract({
  reads: 'a JSON object or list (a zod result)',
  kind: 'json',
  result: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  options: z.strictObject({}),
});
