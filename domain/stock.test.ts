import { describe, expect, it } from 'vitest';
import { stockLevel } from './stock.ts';

const level = (salesLimit: number | null | undefined, salesCount: number) => stockLevel({ salesLimit, salesCount });

describe('stockLevel', () => {
  it('is null without a limit', () => {
    expect(level(null, 0)).toBeNull();
    expect(level(undefined, 500)).toBeNull();
    expect(stockLevel({ salesCount: 3 })).toBeNull();
  });

  it('limit 10: 0..7 plenty, 8 and 9 few left, 10 sold out', () => {
    for (let count = 0; count <= 7; count++) expect(level(10, count)).toBe('plenty');
    expect(level(10, 8)).toBe('fewLeft');
    expect(level(10, 9)).toBe('fewLeft');
    expect(level(10, 10)).toBe('soldOut');
  });

  it('limit 3: 0 and 1 plenty, 2 few left (one left), 3 sold out', () => {
    expect(level(3, 0)).toBe('plenty');
    expect(level(3, 1)).toBe('plenty');
    expect(level(3, 2)).toBe('fewLeft');
    expect(level(3, 3)).toBe('soldOut');
  });

  it('limit 5: exactly 80 % (4 sold) is few left', () => {
    expect(level(5, 3)).toBe('plenty');
    expect(level(5, 4)).toBe('fewLeft');
  });

  it('limit 100: 79 plenty, 80 few left', () => {
    expect(level(100, 79)).toBe('plenty');
    expect(level(100, 80)).toBe('fewLeft');
    expect(level(100, 99)).toBe('fewLeft');
  });

  it('limit 15: 11 plenty (73 %), 12 few left (exactly 80 %)', () => {
    expect(level(15, 11)).toBe('plenty');
    expect(level(15, 12)).toBe('fewLeft');
  });

  it('limit 1000: one below 80 % is plenty', () => {
    expect(level(1000, 799)).toBe('plenty');
    expect(level(1000, 800)).toBe('fewLeft');
  });

  it('limit 2: 0 plenty, 1 few left (one left and 50 %)', () => {
    expect(level(2, 0)).toBe('plenty');
    expect(level(2, 1)).toBe('fewLeft');
    expect(level(2, 2)).toBe('soldOut');
  });

  it('limit 1 with none sold is few left (one left)', () => {
    expect(level(1, 0)).toBe('fewLeft');
    expect(level(1, 1)).toBe('soldOut');
  });

  it('limit 0 is sold out', () => {
    expect(level(0, 0)).toBe('soldOut');
  });

  it('counts above the limit are sold out', () => {
    expect(level(10, 11)).toBe('soldOut');
    expect(level(1, 50)).toBe('soldOut');
    expect(level(0, 3)).toBe('soldOut');
  });
});
