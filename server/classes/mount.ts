import type { Hono } from 'hono';
import type { ClassRouteDeps } from './deps';
import { addClassManagementRoutes } from './classRoutes';
import { addJoinRoutes } from './joinRoutes';
import { addMemberRoutes } from './memberRoutes';
import { addClassEventRoutes } from './classEvents';
import { addExportRoutes } from './exportRoutes';
import { addResultRoutes } from './resultRoutes';
import { addAssignmentRoutes } from './assignmentRoutes';
import { addRunRoutes } from './runRoutes';
import { addMyAssignmentRoutes } from './myAssignments';
import { addAttemptRoutes } from './attemptRoutes';
import { addHelpRoutes } from './helpRoutes';
import { addProgressRoutes } from './progressRoutes';
import { addRemediationRoutes } from './remediation';

export type { ClassModel, ClassRouteDeps } from './deps';

/*
 * Every class route, mounted by mountAccounts (classes exist only where
 * sign-in does). Each route module takes ClassRouteDeps and adds its routes
 * with `classHandler`, so a door's refusal or a broken class rule becomes
 * the same JSON reply everywhere and any other error reaches the gateway's
 * error handler. Route modules import these from routeKit.ts: this file
 * imports them, so importing it back would be a cycle.
 */

export { CLASS_BODY_BYTES, classBodyLimit, classHandler, signedIn } from './routeKit';

export interface ClassRoutes {
  /** Ends live streams (shutdown, tests). */
  stop(): Promise<void>;
}

/** Adds every class route; each module below adds its own. */
export function addClassRoutes(app: Hono, deps: ClassRouteDeps): ClassRoutes {
  const stops: (() => Promise<void>)[] = [];
  // Each route module is added here, one line each.
  stops.push(addClassEventRoutes(app, deps).stop);
  addResultRoutes(app, deps);
  addExportRoutes(app, deps);
  addAssignmentRoutes(app, deps);
  addRunRoutes(app, deps);
  addMyAssignmentRoutes(app, deps);
  addAttemptRoutes(app, deps);
  addRemediationRoutes(app, deps);
  addProgressRoutes(app, deps);
  addHelpRoutes(app, deps);
  addClassManagementRoutes(app, deps);
  addMemberRoutes(app, deps);
  addJoinRoutes(app, deps);
  void app;
  void deps;
  return { stop: async () => void (await Promise.all(stops.map((stop) => stop()))) };
}
