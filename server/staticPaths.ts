/*
 * What the static server refuses, whatever is in the build folder: hidden
 * files (.env, .git/config, editor swap files) that someone placed beside the
 * build. serveStatic already refuses '..'; this also covers %2e and
 * backslash spellings, which some file systems and proxies normalise.
 */

/** A path with a segment starting with '.', also when written %2e or with backslashes; an undecodable path counts as hidden. */
export function hasHiddenSegment(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return decoded.split(/[/\\]/).some((segment) => segment.startsWith('.'));
}

