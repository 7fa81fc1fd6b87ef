import { describe, expect, it } from 'vitest';
import { screenTable } from '../src/app/screenTable.ts';
import { registryProblems } from './registryChecks';
import { rendererContracts } from '../renderers/contracts';

/*
 * A registry file whose id an app screen's path takes would never be
 * reached (`#/<id>` would show the screen), so the registry plugin refuses
 * it. It reads the screens from the app's own screen table, which the router
 * reads too: a screen added to the table is reserved with no other edit.
 */

const context = { iconExists: (name: string) => name === 'waves', rendererContracts };
const problemsOf = (id: string) => registryProblems([{ file: `registry/${id}.ts`, stem: id, imported: true, declaration: { id, icon: 'waves' } }], context).join('\n');

/** A route as a path someone could open: each `:param` filled in. */
const opened = (route: string) => route.replace(/:[^/]+/g, 'x1').slice(1);

describe("the registry plugin's reserved tool ids", () => {
  it("refuses every id the path of a screen in the app's screen table takes, in any letter case", () => {
    const taken = screenTable.filter((screen) => screen.id !== 'tool' && screen.path !== '/').map((screen) => opened(screen.path));
    expect(taken.length).toBeGreaterThanOrEqual(5);
    for (const id of [...taken, ...taken.map((id) => id.toUpperCase())]) {
      expect(problemsOf(id), id).toContain(`taken by the app's route #/${id}`);
    }
  });

  it('leaves an id no screen takes to its tool', () => {
    for (const id of ['dashboard-helper', 'tides', 'project']) expect(problemsOf(id), id).not.toContain('taken by');
  });
});
