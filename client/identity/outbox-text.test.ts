import { describe, expect, it } from 'vitest';
import { mailSegments, outboxTime } from './outbox-text.ts';

describe('mailSegments', () => {
  it('picks out links', () => {
    expect(mailSegments('開く：http://a.localhost:3300/password/reset?token=ab_c-1\n以上', false)).toEqual([
      { kind: 'text', text: '開く：' },
      { kind: 'link', text: 'http://a.localhost:3300/password/reset?token=ab_c-1' },
      { kind: 'text', text: '\n以上' },
    ]);
  });

  it('picks out a standalone 6-digit code only when asked', () => {
    const text = '次の認証コードを入力してください。\n\n123456\n\n有効期限は60分です。';
    expect(mailSegments(text, true).filter((s) => s.kind === 'code')).toEqual([{ kind: 'code', text: '123456' }]);
    expect(mailSegments(text, false)).toEqual([{ kind: 'text', text }]);
  });

  it('leaves longer numbers, times and dates alone', () => {
    expect(
      mailSegments('1234567 12:34:56 2026/05/20 000000', true)
        .filter((s) => s.kind === 'code')
        .map((s) => s.text),
    ).toEqual(['000000']);
  });
});

describe('outboxTime', () => {
  it('shows the time in Japan', () => {
    expect(outboxTime('2026-05-19T15:03:09.000Z')).toBe('2026/05/20 00:03:09');
  });
});
