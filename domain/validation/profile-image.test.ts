import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import {
  centeredSquare,
  isProfileImageType,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_SIZE,
  profileImageBodySchema,
} from './profile-image.ts';
import { keys, ok } from './test-support.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('isProfileImageType', () => {
  it('JPEG, PNG and GIF only', () => {
    for (const t of ['image/jpeg', 'image/png', 'image/gif', 'IMAGE/PNG']) expect(isProfileImageType(t), t).toBe(true);
    for (const t of ['image/webp', 'image/svg+xml', 'image/heic', 'application/pdf', '']) expect(isProfileImageType(t), t).toBe(false);
  });
});

describe('centeredSquare', () => {
  it('cuts the centred square of the picture', () => {
    expect(PROFILE_IMAGE_SIZE).toBe(200);
    expect(centeredSquare(400, 300)).toEqual({ x: 50, y: 0, size: 300 });
    expect(centeredSquare(300, 401)).toEqual({ x: 0, y: 50, size: 300 });
    expect(centeredSquare(200, 200)).toEqual({ x: 0, y: 0, size: 200 });
    expect(() => centeredSquare(0, 10)).toThrow(RangeError);
  });
});

describe('profileImageBodySchema (POST /zapi/account/profile-image)', () => {
  it('takes a JPEG, PNG or GIF data URL, or null to remove the image', () => {
    expect(ok(profileImageBodySchema, { profileImage: PNG })).toEqual({ profileImage: { type: 'image/png', base64: 'iVBORw0KGgo=' } });
    expect(ok(profileImageBodySchema, { profileImage: 'data:image/jpeg;base64,/9j/' }).profileImage?.type).toBe('image/jpeg');
    expect(ok(profileImageBodySchema, { profileImage: null })).toEqual({ profileImage: null });
  });

  it('refuses what is not such a data URL', () => {
    for (const bad of [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png,plain',
      'https://example.jp/a.png',
      'data:image/png;base64,abc',
      'data:image/png;base64,ab$=',
      '',
      42,
    ])
      expect(keys(profileImageBodySchema, { profileImage: bad }), String(bad)).toEqual({ profileImage: ['profileImage.invalid'] });
    expect(keys(profileImageBodySchema, {})).toEqual({ profileImage: ['profileImage.invalid'] });
    expect(formatMessage('profileImage.invalid')).toBe('JPEG、PNG、GIF形式の画像を選択してください。');
  });

  it('refuses an image over the size cap', () => {
    const atCap = 'A'.repeat((PROFILE_IMAGE_MAX_BYTES / 3) * 4);
    expect(ok(profileImageBodySchema, { profileImage: `data:image/png;base64,${atCap}` }).profileImage).not.toBeNull();
    expect(keys(profileImageBodySchema, { profileImage: `data:image/png;base64,${atCap}AAAA` })).toEqual({
      profileImage: ['profileImage.tooLarge'],
    });
  });
});
