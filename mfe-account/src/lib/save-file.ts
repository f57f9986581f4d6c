/**
 * Hands a file the page fetched to the browser's downloads, under `name`: an object URL on a link with `download`,
 * clicked once and let go after the browser has taken it.
 */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
