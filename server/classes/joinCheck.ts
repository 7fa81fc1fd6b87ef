import type { Context } from 'hono';
import { CLASS_MESSAGES, joinCodeSchema } from '../../src/kernel/classes/wire';
import { isAllowedSite } from '../middleware/crossSite';
import type { ClassRouteDeps } from './deps';
import { lookUpCode, type CodeLookup } from './codes';
import { ClassRuleError } from './door';
import type { JoinLimit } from './joinLimit';
import { classHandler } from './routeKit';

/*
 * What both ways of joining share: finding the live class a code names
 * (every code that names none counted against the caller's address, so
 * codes cannot be tried at speed), the sentence for a code that names no
 * class, and the check that a request comes from the app itself.
 */

/** The class a code names, or the refusal for a code that names none (counted against the address). */
export async function liveClassOf(deps: Pick<ClassRouteDeps, 'db' | 'now'>, limit: JoinLimit, address: string, rawCode: string): Promise<Extract<CodeLookup, { state: 'live' }> & { code: string }> {
  if (!(await limit.mayTry(address))) throw new ClassRuleError(429, CLASS_MESSAGES.tooManyJoins);
  const parsed = joinCodeSchema.safeParse(rawCode);
  const found: CodeLookup = parsed.success ? await lookUpCode(deps.db, parsed.data, deps.now()) : { state: 'bad' };
  if (found.state === 'live' && parsed.success) return { ...found, code: parsed.data };
  await limit.missed(address);
  // An expired code is a real class's: saying so sends the pupil to their teacher rather than to retyping.
  if (found.state === 'expired') throw new ClassRuleError(410, CLASS_MESSAGES.codeExpired);
  throw new ClassNotFoundByCode();
}

/** A code that names no live class: 404 with a sentence a pupil can act on (not the door's bare "Not found."). */
export class ClassNotFoundByCode extends Error {
  constructor() {
    super(CLASS_MESSAGES.badCode);
  }
}

/** The join routes' handler: the class errors, and a code that names no class. */
export function joinHandler(handler: (c: Context) => Promise<Response>) {
  return classHandler(async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof ClassNotFoundByCode) return c.json({ error: CLASS_MESSAGES.badCode }, 404);
      throw error;
    }
  });
}

/**
 * Only the app itself may make a guest: a page on another site posting this
 * form would sign its visitor in as someone else (and make accounts at the
 * school's expense). A browser always says where a POST comes from; a
 * request that says nothing is refused here too.
 */
export function fromOwnApp(c: Context, publicOrigin: string): boolean {
  const request = c.req.raw;
  const said = request.headers.get('origin') !== null || request.headers.get('sec-fetch-site') !== null;
  return said && isAllowedSite(request, [publicOrigin]);
}

