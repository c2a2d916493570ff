// The profile image (spec 5 "Profile image", 7; issue 8): the member picks a JPEG, PNG or GIF;
// the browser crops it to a centred square and resizes it to 200 x 200 before sending it as a data
// URL (or null to remove it). The server decodes and re-encodes it; these rules only bound what
// it is asked to decode.
import { z } from 'zod';
import { INVALID, report } from './issues.ts';

export const PROFILE_IMAGE_SIZE = 200;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];

/**
 * Most bytes of the sent image once decoded. A 200 x 200 JPEG is some 10-30 KB; the cap keeps the
 * base64 body (4/3 larger) under the default request limit of 100 KB (BODY_LIMIT_BYTES).
 */
export const PROFILE_IMAGE_MAX_BYTES = 72 * 1024;

/** Whether a picked file's type is one the member may upload. */
export function isProfileImageType(type: string): type is ProfileImageType {
  return (PROFILE_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
}

/** The centred square of a width x height picture: where to cut it before resizing. */
export function centeredSquare(width: number, height: number): { x: number; y: number; size: number } {
  if (!(width > 0 && height > 0)) throw new RangeError('the picture has no area');
  const size = Math.min(width, height);
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
}

const DATA_URL = /^data:(image\/(?:jpeg|png|gif));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The decoded length of base64 text (without decoding it). */
function decodedBytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length * 3) / 4 - padding;
}

/** A data URL of a JPEG, PNG or GIF of at most PROFILE_IMAGE_MAX_BYTES, or null (remove the image). */
export const profileImageField = z.union([z.string(), z.null()], { error: 'profileImage.invalid' }).transform((value, ctx) => {
  if (value === null) return null;
  const m = DATA_URL.exec(value);
  if (!m || (m[2] as string).length % 4 !== 0) {
    report(ctx, 'profileImage.invalid');
    return z.NEVER;
  }
  if (decodedBytes(m[2] as string) > PROFILE_IMAGE_MAX_BYTES) {
    report(ctx, 'profileImage.tooLarge', { max: Math.floor(PROFILE_IMAGE_MAX_BYTES / 1024) });
    return z.NEVER;
  }
  return { type: m[1] as ProfileImageType, base64: m[2] as string };
});

/** POST /zapi/account/profile-image: { profileImage }. */
export const profileImageBodySchema = z.object({ profileImage: profileImageField }, INVALID).strip();
