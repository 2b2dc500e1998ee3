import { AppError, FieldErrors } from '../lib/app-error';

/** Logo rule (decision 0080): PNG, JPEG or WebP, at most 512 KB, and the bytes must be what the type says. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 512 * 1024;

/** The decoded bytes of a base64 data URL and its declared type, or null when it is not one. */
export function decodeDataUrl(value: string): { type: string; bytes: Uint8Array } | null {
  const match = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/.exec(value);
  if (!match?.[1] || match[2] === undefined) return null;
  try {
    const binary = atob(match[2].replace(/\s/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return { type: match[1].toLowerCase(), bytes };
  } catch {
    return null;
  }
}

/** The image type the bytes are (by their magic numbers), or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'image/webp';
  return null;
}

/** Bytes as a base64 data URL of the type. */
export function toDataUrl(bytes: Uint8Array, type: string): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

/**
 * The logo a request sends, checked: 400 (`fieldErrors.logo`) for what is not a PNG, JPEG or WebP image (SVG
 * included) or is empty, 413 for more than 512 KB.
 */
export function readLogo(body: Record<string, unknown>): { type: string; bytes: Uint8Array; fileName: string } {
  const errors = new FieldErrors();
  const fileName = typeof body.fileName === 'string' ? body.fileName.trim().slice(0, 120) : '';
  const decoded = typeof body.dataUrl === 'string' ? decodeDataUrl(body.dataUrl) : null;
  if (!decoded) errors.add('logo', 'Choose a PNG, JPEG or WebP image.');
  else if (!(LOGO_TYPES as readonly string[]).includes(decoded.type) || sniffImageType(decoded.bytes) !== decoded.type)
    errors.add('logo', 'This file is not a PNG, JPEG or WebP image.');
  else if (decoded.bytes.length === 0) errors.add('logo', 'The file is empty.');
  errors.throwIfAny();
  const { type, bytes } = decoded as { type: string; bytes: Uint8Array };
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError('payload_too_large', 'The image is larger than 512 KB.', {
      fieldErrors: { logo: 'The image is larger than 512 KB.' },
    });
  }
  return { type, bytes, fileName: fileName || 'logo' };
}
