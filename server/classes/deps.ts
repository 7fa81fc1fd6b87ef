import type { Context, MiddlewareHandler } from 'hono';
import type { Backend } from '../../src/kernel/backend/types';
import type { Audit } from '../accounts/audit';
import type { AccountSettings } from '../accounts/settings';
import type { StudyForgeDb } from '../database/database';
import type { LimitStore } from '../limitStore/types';

/** The model a class's material and a student's runs are made with: the gateway's provider, or the offline sample. */
export interface ClassModel {
  backend: Backend;
  /** No provider is configured: answers are the registry's examples. */
  sample: boolean;
}

/** What every class route module is given by mountAccounts. */
export interface ClassRouteDeps {
  db: StudyForgeDb;
  /** The one door's first half: a live session, and the CSRF token on a write. */
  requireUser: MiddlewareHandler;
  audit: Audit;
  settings: AccountSettings & { secret: string };
  limitStore: LimitStore;
  /** The caller's address for per-address limits (joining by code). */
  clientOf: (c: Context) => string;
  now: () => number;
  model: ClassModel;
}
