/*
 * Dates in the user's locale. The formatters are made once: creating one per
 * call (as toLocaleString does) costs more than the formatting itself, which
 * shows on a project page listing many items.
 */
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(iso: string): string {
  const date = valid(iso);
  return date ? dateFormat.format(date) : iso;
}

export function formatDateTime(iso: string): string {
  const date = valid(iso);
  return date ? dateTimeFormat.format(date) : iso;
}
