import { describe, expect, it } from 'vitest';
import { postalOutcome } from './postal-fill.ts';

const r = (prefectureCode: number, pref: string, city: string, town: string) => ({
  prefectureCode,
  city,
  town,
  allAddress: `${pref}${city}${town}`,
});
const both = { prefecture: true, address: true };

describe('postalOutcome', () => {
  it('is none without results', () => {
    expect(postalOutcome([], both)).toEqual({ kind: 'none' });
  });

  it('fills prefecture and address at once for one town', () => {
    expect(postalOutcome([r(13, '東京都', '千代田区', '千代田')], both)).toEqual({
      kind: 'single',
      fill: { key: '13|千代田区千代田', label: '東京都千代田区千代田', prefecture: '13', address: '千代田区千代田' },
    });
  });

  it('puts the prefecture into the address when the form has no prefecture field', () => {
    const out = postalOutcome([r(13, '東京都', '千代田区', '千代田')], { prefecture: false, address: true });
    expect(out).toMatchObject({ kind: 'single', fill: { address: '東京都千代田区千代田' } });
    expect(out.kind === 'single' && 'prefecture' in out.fill).toBe(false);
  });

  it('offers a choice for several towns, in order', () => {
    const out = postalOutcome([r(1, '北海道', '札幌市中央区', '大通西'), r(1, '北海道', '札幌市中央区', '大通東')], both);
    expect(out.kind).toBe('choose');
    expect(out.kind === 'choose' && out.choices.map((c) => c.label)).toEqual(['北海道札幌市中央区大通西', '北海道札幌市中央区大通東']);
  });

  it('fills at once when the towns differ only in what the form does not ask', () => {
    const out = postalOutcome([r(1, '北海道', '札幌市中央区', '大通西'), r(1, '北海道', '札幌市中央区', '大通東')], {
      prefecture: true,
      address: false,
    });
    expect(out).toEqual({ kind: 'single', fill: { key: '1|', label: '北海道', prefecture: '1' } });
  });
});

describe('postalOutcome of a repeat lookup', () => {
  it('offers the one town in the choice instead of filling again', () => {
    const out = postalOutcome([r(13, '東京都', '千代田区', '千代田')], both, { repeat: true });
    expect(out).toMatchObject({ kind: 'choose', choices: [{ prefecture: '13', address: '千代田区千代田' }] });
  });
});
