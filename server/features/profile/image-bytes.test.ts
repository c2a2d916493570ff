import { describe, expect, it } from 'vitest';
import { isImageOfType } from './image-bytes.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('isImageOfType', () => {
  it('knows each type by its first bytes', () => {
    expect(isImageOfType(bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg')).toBe(true);
    expect(isImageOfType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png')).toBe(true);
    expect(isImageOfType(new TextEncoder().encode('GIF89a...'), 'image/gif')).toBe(true);
    expect(isImageOfType(new TextEncoder().encode('GIF87a...'), 'image/gif')).toBe(true);
  });
  it('refuses bytes of another type or too few', () => {
    expect(isImageOfType(bytes(0xff, 0xd8, 0xff), 'image/png')).toBe(false);
    expect(isImageOfType(new TextEncoder().encode('<svg/>'), 'image/jpeg')).toBe(false);
    expect(isImageOfType(bytes(0x89, 0x50), 'image/png')).toBe(false);
  });
});
