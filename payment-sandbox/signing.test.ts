import { describe, expect, it } from 'vitest';
import { expiryOf, hasControlCharacter, signedText, signFields } from './signing.ts';

// The signed result's encoding (issue 19, defect 2): no value can move a field boundary.
describe('signed result text', () => {
  const genuine = { expiresAt: '1795000000000', label: 'docomo 090-****-1234', merchantId: 'm', nonce: 'n' };

  it('differs when a field is folded into the one before it with a line break', () => {
    const { label, ...rest } = genuine;
    const folded = { ...rest, expiresAt: `${genuine.expiresAt}\nlabel=${label}` };
    expect(signedText(folded)).not.toBe(signedText(genuine));
    expect(signFields('key', folded)).not.toBe(signFields('key', genuine));
  });

  it('differs when a quote or a bracket in a value imitates the encoding', () => {
    const forged = { ...genuine, expiresAt: `${genuine.expiresAt}"],["label","${genuine.label}` };
    const { label: _, ...withoutLabel } = forged;
    expect(signedText(withoutLabel)).not.toBe(signedText(genuine));
  });

  it('finds control characters (line breaks, tab, DEL, C1) and nothing else', () => {
    for (const v of ['a\nb', 'a\rb', 'a\tb', 'a\u0000', '\u007f', '\u0085']) expect(hasControlCharacter(v)).toBe(true);
    for (const v of ['', 'docomo 090-****-1234', 'pay@example.com', 'ソフトバンク 080']) expect(hasControlCharacter(v)).toBe(false);
  });

  it('reads an expiry only from a plain whole number', () => {
    expect(expiryOf('1795000000000')).toBe(1795000000000);
    for (const v of [undefined, '', 'NaN', '1e13', ' 1', '1\n', '-1', '1.5', '9'.repeat(16)]) expect(expiryOf(v)).toBeNull();
  });
});
