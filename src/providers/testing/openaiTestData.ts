import type { ContractSchema } from '../schema';

/* The request schema and its JSON Schema form that openaiCompatible.test.ts and openaiHosts.test.ts share. */

export const KEY = 'sk-test-abcdefghijklmnopqrstuvwx';
export const schema: ContractSchema = {
  type: 'OBJECT',
  properties: {
    cards: {
      type: 'ARRAY',
      items: { type: 'OBJECT', properties: { front: { type: 'STRING' }, back: { type: 'STRING' } }, required: ['front', 'back'] },
      minItems: 1,
    },
    difficulty: { type: 'INTEGER', minimum: 1, maximum: 5 },
  },
  required: ['cards'],
};
export const jsonSchema = {
  type: 'object',
  properties: {
    cards: {
      type: 'array',
      items: { type: 'object', properties: { front: { type: 'string' }, back: { type: 'string' } }, required: ['front', 'back'] },
      minItems: 1,
    },
    difficulty: { type: 'integer', minimum: 1, maximum: 5 },
  },
  required: ['cards'],
};
