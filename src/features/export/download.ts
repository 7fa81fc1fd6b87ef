/** Saves text or a file's bytes as a file the browser downloads (Blob, object URL, <a download>). */
export function downloadFile(fileName: string, content: string | Uint8Array, type: string): void {
  // A copy into a plain ArrayBuffer: a Blob cannot take a view of a shared buffer.
  const part = typeof content === 'string' ? content : new Uint8Array(content);
  const url = URL.createObjectURL(new Blob([part], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves text as a file the browser downloads. */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadFile(fileName, text, type);
}
