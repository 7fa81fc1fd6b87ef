function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(iso: string): string {
  return valid(iso)?.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) ?? iso;
}

export function formatDateTime(iso: string): string {
  return valid(iso)?.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) ?? iso;
}
