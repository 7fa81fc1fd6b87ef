import { z } from 'zod';
import { contractTypes, type ContractSchema } from './contractSchema';

/*
 * The contract schema as a validator, for the gateway, which reads schemas
 * from the network. Typed against ContractSchema, so the vocabulary is still
 * written once: a key this validator reads differently is a type error, and so
 * is a key ContractSchema gains that this does not read (see `everyKeyRead`).
 * Its own module so the app, which only builds schemas, does not ship it.
 * Unknown keys are dropped, so nothing the contract does not name reaches a
 * provider.
 */

const count = z.number().int().nonnegative();

const node = () =>
  z.object({
    type: z.enum(contractTypes),
    description: z.string().optional(),
    enum: z.array(z.string()).optional(),
    properties: z.record(z.string(), contractSchemaShape).optional(),
    required: z.array(z.string()).optional(),
    items: contractSchemaShape.optional(),
    minItems: count.optional(),
    maxItems: count.optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
  });

export const contractSchemaShape: z.ZodType<ContractSchema> = z.lazy(node);

/** Compiles only while the validator reads every key of ContractSchema. */
type Unread = Exclude<keyof ContractSchema, keyof ReturnType<typeof node>['shape']>;
export const everyKeyRead: [Unread] extends [never] ? true : { unread: Unread } = true;
