import { describe, expect, it } from 'vitest';
import { normalizeHost } from './host.ts';

describe('normalizeHost', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Shop.Example.COM', 'shop.example.com'],
    ['example.com:3000', 'example.com'],
    ['example.com:443', 'example.com'],
    ['example.com.', 'example.com'],
    ['Example.com.:8080', 'example.com'],
    ['example.com:', 'example.com'],
    ['localhost', 'localhost'],
    ['localhost:5173', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['store-a.localhost:3000', 'store-a.localhost'],
    ['xn--eckwd4c7c.xn--zckzah.jp', 'xn--eckwd4c7c.xn--zckzah.jp'],
    ['my_store.example.com', 'my_store.example.com'],
    ['a.b.c.d.e.example.com', 'a.b.c.d.e.example.com'],
    ['[::1]', '::1'],
    ['[::1]:3000', '::1'],
    ['[2001:DB8::1]:443', '2001:db8::1'],
    ['[::ffff:192.0.2.1]', '::ffff:192.0.2.1'],
    ['example.com:65535', 'example.com'],
  ])('%j -> %j', (header, expected) => {
    expect(normalizeHost(header)).toBe(expected);
  });

  it('is null for a missing or empty header', () => {
    expect(normalizeHost(undefined)).toBeNull();
    expect(normalizeHost('')).toBeNull();
  });

  it.each([
    ' ',
    'exa mple.com',
    ' example.com',
    'example.com ',
    'example.com\t',
    'example.com/path',
    'example.com\\evil',
    'user@example.com',
    'user:pass@example.com',
    'example.com?x=1',
    'example.com#x',
    'example.com%2f',
    '.',
    ':3000',
    '.example.com',
    'example..com',
    'example.com..',
    '-example.com',
    'example-.com',
    'example.com:abc',
    'example.com:123456',
    'example.com:65536',
    'example.com:-1',
    'example.com:80:80',
    '::1',
    '2001:db8::1',
    '[::1',
    '[::1]x',
    '[::1]:abc',
    '[]',
    '[example.com]',
    '[::1%eth0]',
    'ドメイン.jp',
    `${'a'.repeat(64)}.com`,
    `${'a.'.repeat(127)}com`,
  ])('is null for %j', (header) => {
    expect(normalizeHost(header)).toBeNull();
  });

  it('accepts 63-character labels and 253-character names', () => {
    const label = 'a'.repeat(63);
    expect(normalizeHost(`${label}.com`)).toBe(`${label}.com`);
    const name = `${'a.'.repeat(125)}com`;
    expect(name).toHaveLength(253);
    expect(normalizeHost(name)).toBe(name);
    expect(normalizeHost(`${name}.`)).toBe(name);
  });
});
