// The profile image as the browser sends it (spec 5): the centred square of the picked picture,
// resized to 200 x 200 on a canvas, as a JPEG data URL small enough for the call.
import { centeredSquare, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SIZE } from '#domain/validation/profile-image.ts';

/** base64 characters per decoded byte, and the data URL's prefix. */
const fits = (url: string) => ((url.length - 'data:image/jpeg;base64,'.length) * 3) / 4 <= PROFILE_IMAGE_MAX_BYTES;

/** The picked file as a 200 x 200 JPEG data URL; throws when the browser cannot read it as a picture. */
export async function squareImageDataUrl(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const { x, y, size } = centeredSquare(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = PROFILE_IMAGE_SIZE;
    canvas.height = PROFILE_IMAGE_SIZE;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    // JPEG has no transparency: a transparent PNG or GIF is drawn on white.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE);
    ctx.drawImage(bitmap, x, y, size, size, 0, 0, PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE);
    for (const quality of [0.9, 0.75, 0.6]) {
      const url = canvas.toDataURL('image/jpeg', quality);
      if (fits(url)) return url;
    }
    return canvas.toDataURL('image/jpeg', 0.4);
  } finally {
    bitmap.close();
  }
}
