/**
 * Hands a URL to the browser to save as a file. A link click rather than `location.assign`, so the
 * page stays put whatever the server answers; its own module so tests can replace it.
 */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
