import type { Context, Hono } from 'hono';
import type { ClassResults } from '../../src/kernel/classes/wire';
import type { ClassRouteDeps } from './deps';
import { withAssignment } from './door';
import { toCsv } from './export/csv';
import { exportFileName, exportTable } from './export/table';
import { toXlsx } from './export/xlsx';
import { classResults } from './results';
import { assignmentParam } from './resultRoutes';
import { classHandler, signedIn } from './routeKit';

/*
 * GET /api/classes/:classId/export.csv?assignment=<id> and
 *     /api/classes/:classId/export.xlsx?assignment=<id>
 * The class view's results as a file (teachers of the class only; anyone
 * else gets "Not found."): the same counting as the view, so the file and
 * the screen never disagree.
 */

interface Exported {
  results: ClassResults;
  className: string;
  title: string;
}

function readExport(deps: ClassRouteDeps, c: Context): Promise<Exported> {
  return withAssignment(deps.db, signedIn(c), c.req.param('classId') ?? '', assignmentParam(c), 'teacher', async (trx, access) => {
    const row = await trx.selectFrom('classes').select('name').where('id', '=', access.classId).executeTakeFirstOrThrow();
    return { results: await classResults(trx, access), className: row.name, title: access.assignment.title };
  });
}

function download(body: string | Uint8Array<ArrayBuffer>, type: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export function addExportRoutes(app: Hono, deps: ClassRouteDeps): void {
  app.get(
    '/api/classes/:classId/export.csv',
    deps.requireUser,
    classHandler(async (c) => {
      const { results, className, title } = await readExport(deps, c);
      return download(toCsv(exportTable(results)), 'text/csv; charset=utf-8', exportFileName(className, title, 'csv'));
    }),
  );
  app.get(
    '/api/classes/:classId/export.xlsx',
    deps.requireUser,
    classHandler(async (c) => {
      const { results, className, title } = await readExport(deps, c);
      const workbook = await toXlsx(exportTable(results), `${className} - ${title}`);
      return download(workbook, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', exportFileName(className, title, 'xlsx'));
    }),
  );
}
