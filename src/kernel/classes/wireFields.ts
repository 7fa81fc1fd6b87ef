import { z } from 'zod';

/* The field shapes the class bodies are built from (wire.ts and its parts); not part of the wire itself. */

export const id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'is not an id');
export const text = (max: number) => z.string().trim().max(max);
export const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max);
export const isoTime = z.iso.datetime({ offset: true });
