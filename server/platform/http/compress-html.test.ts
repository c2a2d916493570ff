import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, compressHtml } from './compress-html.ts';

const page = `<!doctype html><html><body>${'<p>あおぞらシネマ</p>'.repeat(200)}</body></html>`;

describe('compressHtml', () => {
  it('gzips a page for a browser that accepts gzip, and the bytes unpack to the same page', () => {
    const out = compressHtml(page, 'gzip, deflate, br, zstd');
    expect(out.encoding).toBe('gzip');
    expect(gunzipSync(out.body as Uint8Array).toString('utf8')).toBe(page);
    expect((out.body as Uint8Array).byteLength).toBeLessThan(Buffer.byteLength(page) / 4);
  });

  it('sends the text as it is without gzip in Accept-Encoding, or for a page too small to gain', () => {
    expect(compressHtml(page, undefined)).toEqual({ body: page, encoding: null });
    expect(compressHtml(page, 'br')).toEqual({ body: page, encoding: null });
    expect(compressHtml('<p>short</p>', 'gzip')).toEqual({ body: '<p>short</p>', encoding: null });
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['GZIP', true],
    ['deflate, gzip;q=0.5', true],
    ['x-gzip', true],
    ['gzip;q=0', false],
    ['gzip; q=0', false],
    ['identity', false],
    ['', false],
    ['gzipx', false],
  ])('%j -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
