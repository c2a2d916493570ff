// What the server checks of a sent profile image beyond the data URL's form (domain/validation/
// profile-image.ts): that the bytes are the picture type the URL names, so the address that serves
// them never answers anything else under an image type.
import type { ProfileImageType } from '#domain/validation/profile-image.ts';

const SIGNATURES: Record<ProfileImageType, readonly number[][]> = {
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  // GIF87a, GIF89a
  'image/gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
};

/** Whether the bytes start as a file of `type` does. */
export function isImageOfType(bytes: Uint8Array, type: ProfileImageType): boolean {
  return SIGNATURES[type].some((sig) => sig.length <= bytes.length && sig.every((b, i) => bytes[i] === b));
}
