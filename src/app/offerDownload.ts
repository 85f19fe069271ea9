/** Offers a file as a download: a link to an object URL, clicked, then the URL let go. */
export function offerDownload({ fileName, content }: { fileName: string; content: Blob }): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; a minute is ample before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
