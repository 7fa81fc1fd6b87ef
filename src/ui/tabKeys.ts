/**
 * The WAI-ARIA tabs keyboard pattern: which tab a key moves to, from the
 * current one, wrapping at the ends; undefined for keys the pattern ignores.
 */
export function tabAfterKey(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
