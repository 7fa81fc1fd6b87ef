import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { LimitStore } from '../limitStore/types';
import { addSyncRoutes } from '../sync/routes';
import { addClassRoutes } from '../classes/mount';
import type { ClassModel } from '../classes/deps';
import { classModelFor } from '../classes/model';
import type { TextProvider } from '../../src/providers/types';
import { addAccountDataRoutes } from './accountDataRoutes';
import { createAudit, type Audit } from './audit';
import { addAuthRoutes } from './authRoutes';
import { requireUser } from './currentUser';
import type { StudyForgeDb } from './database';
import { createOidcClients, type OidcClients } from './oidc';
import type { AccountSettings } from './settings';

/*
 * Everything signed-in, mounted on the gateway's app in one call. It opens
 * nothing itself: the entry point opens the database (only when sign-in is
 * configured) and hands it in, so tests mount it on any database they like.
 */

/** What every signed-in route module is given: the one door (requireUser) and the audit log. */
export interface AccountRouteDeps {
  db: StudyForgeDb;
  requireUser: MiddlewareHandler;
  audit: Audit;
  settings: AccountSettings & { secret: string };
}

export interface MountAccountsOptions {
  settings: AccountSettings & { secret: string };
  db: StudyForgeDb;
  limitStore: LimitStore;
  /** The caller's address for the sign-in limit, as the gateway's own proxies saw it (clientAddress.ts callerKey). */
  clientOf: (c: Context) => string;
  /** The clock (tests move it to see sessions expire). */
  now?: () => number;
  /** openid-client unless given. */
  oidc?: OidcClients;
  /** The gateway's text model, for class material and a student's runs; none: the offline sample answers. */
  text?: TextProvider | null;
  /** The class model itself (tests hand in a fake provider's). */
  classModel?: ClassModel;
}

export interface MountedAccounts {
  deps: AccountRouteDeps;
  /** Ends the live sync streams and stops listening (shutdown, tests); the database is the caller's to close. */
  stop(): Promise<void>;
}

export function mountAccounts(app: Hono, options: MountAccountsOptions): MountedAccounts {
  const { settings, db, limitStore } = options;
  const now = options.now ?? Date.now;
  const audit = createAudit(db, settings.secret, now);
  addAuthRoutes(app, {
    settings,
    db,
    limitStore,
    audit,
    now,
    oidc: options.oidc ?? createOidcClients(),
    clientOf: options.clientOf,
  });
  const deps: AccountRouteDeps = { db, requireUser: requireUser(db, settings, now), audit, settings };
  const sync = addSyncRoutes(app, { db, requireUser: deps.requireUser, now });
  addAccountDataRoutes(app, { ...deps, now });
  const classes = addClassRoutes(app, {
    ...deps,
    limitStore,
    clientOf: options.clientOf,
    now,
    model: options.classModel ?? classModelFor(options.text ?? null),
  });
  return { deps, stop: async () => void (await Promise.all([sync.stop(), classes.stop()])) };
}
