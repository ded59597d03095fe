/**
 * A file's content as a `data:` URL, read as the AI SDK's
 * `convertFileListToFileUIParts` reads it (FileReader, `readAsDataURL`).
 */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Whether `url` is a `data:` URL of an image a page may show as a thumbnail (not SVG: an SVG is a document, not a picture). */
export function isThumbnailUrl(url: string | undefined): url is string {
  return (
    !!url && /^data:image\/[a-z0-9.+-]+[;,]/i.test(url) && !/^data:image\/svg\+xml[;,]/i.test(url)
  );
}
