// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JoinPanel } from './JoinPanel';
import { teacherClass } from './testing/classSamples';
import { fakeClassServer, type FakeClassServer } from './testing/fakeClassServer';

let server: FakeClassServer;
beforeEach(() => {
  server = fakeClassServer();
});
afterEach(cleanup);

function showPanel() {
  let detail = teacherClass;
  const view = render(<JoinPanel detail={detail} onChange={(next) => (detail = next)} />);
  return { ...view, current: () => detail };
}

describe('the join panel', () => {
  it('shows the code in two groups, the link to the join page, and a QR code of that link', async () => {
    showPanel();
    expect(screen.getByText('ABCD-2345')).toBeTruthy();
    const link = `${window.location.origin}/#/join/ABCD2345`;
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    const qr = await screen.findByRole('img', { name: 'QR code of the link to join Algebra 7B' });
    // A real code: a square of dark modules drawn from the link (version 3 or more for a link this long).
    const path = qr.querySelector('path')?.getAttribute('d') ?? '';
    expect(path.match(/M/g)?.length ?? 0).toBeGreaterThan(200);
  });

  it('the QR code changes with the code', async () => {
    const { rerender } = showPanel();
    const first = (await screen.findByRole('img', { name: /QR code/ })).querySelector('path')?.getAttribute('d');
    rerender(<JoinPanel detail={{ ...teacherClass, joinCode: 'WXYZ6789' }} onChange={() => undefined} />);
    await screen.findByText('WXYZ-6789');
    await expect.poll(() => screen.getByRole('img', { name: /QR code/ }).querySelector('path')?.getAttribute('d')).not.toBe(first);
  });

  it('"New code" asks the server for one and shows what it answers; a refusal shows its sentence', async () => {
    server.on('POST /api/classes/c1/code', { status: 423, body: { error: 'This class is archived. Restore it to make changes.' } });
    const { current } = showPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New code' }));
    expect(within(await screen.findByRole('alert')).getByText('This class is archived. Restore it to make changes.')).toBeTruthy();
    server.on('POST /api/classes/c1/code', { body: { ...teacherClass, joinCode: 'QRST6789' } });
    await user.click(screen.getByRole('button', { name: 'New code' }));
    await expect.poll(() => current().joinCode).toBe('QRST6789');
    expect(server.sent('POST /api/classes/c1/code')).toHaveLength(2);
  });

  it('the first-name switch sends allowNameJoin to the class', async () => {
    server.on('PATCH /api/classes/c1', { body: { ...teacherClass, allowNameJoin: true } });
    const { current } = showPanel();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Let students join with the code and their first name only (no account)' }));
    await expect.poll(() => current().allowNameJoin).toBe(true);
    expect(server.sent('PATCH /api/classes/c1')[0]?.body).toEqual({ allowNameJoin: true });
  });
});
