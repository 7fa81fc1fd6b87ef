/**
 * A file name from a name people gave (a project's, a tool's and topic):
 * characters no file system accepts become '-', names Windows reserves get a
 * '_' after them, never empty.
 */
export function exportFileName(name: string, extension: string): string {
  let base = name
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 100)
    .replace(/[\s.-]+$/, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(base)) base = `${base}_`;
  return `${base || 'project'}.${extension}`;
}
