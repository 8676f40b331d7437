/** A recorded clip as a data URL, for JSON bodies that carry audio. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The recording could not be read'));
    reader.readAsDataURL(blob);
  });
}
