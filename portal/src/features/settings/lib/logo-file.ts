/** The logo rule of decision 0080, checked in the browser before upload (the server checks the bytes again). */
export const LOGO_ACCEPT = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 512 * 1024;

/** Why a chosen file cannot be the logo, or null. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_ACCEPT as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG or WebP image (SVG is not accepted).';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > LOGO_MAX_BYTES) return `The image is ${Math.ceil(file.size / 1024)} KB; the limit is 512 KB.`;
  return null;
}

/** The file as a data URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
