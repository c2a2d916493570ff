import { describe, expect, it } from 'vitest';
import { policyConsentDefaults, policyConsentSchema } from './policy-consent.ts';
import { keys, ok, storeWith, tenants } from './test-support.ts';

const policies = storeWith({
  policies: [
    { key: 'terms', policyId: 'terms', revision: 3, title: { ja: '利用規約' }, body: { ja: '本文' } },
    {
      key: 'privacy',
      policyId: 'privacy',
      revision: 1,
      title: { ja: 'プライバシーポリシー' },
      isExternal: true,
      externalUrl: 'https://example.jp/privacy',
    },
  ],
}).policies;
const schema = policyConsentSchema(policies);

describe('policyConsentSchema', () => {
  it('accepts consent to every policy at its current revision', () => {
    expect(
      ok(schema, [
        { policyId: 'privacy', revision: 1, agreed: true },
        { policyId: 'terms', revision: 3, agreed: true },
      ]),
    ).toEqual([
      { policyId: 'terms', revision: 3 },
      { policyId: 'privacy', revision: 1 },
    ]);
  });

  it('every policy needs consent; the external one says 同意が必須です。', () => {
    expect(keys(schema, policyConsentDefaults(policies))).toEqual({
      '0.agreed': ['policy.agreeRequired'],
      '1.agreed': ['policy.externalConsentRequired'],
    });
    expect(keys(schema, [])).toEqual({ '0.agreed': ['policy.agreeRequired'], '1.agreed': ['policy.externalConsentRequired'] });
  });

  it('consent to an older revision does not count', () => {
    expect(
      keys(schema, [
        { policyId: 'terms', revision: 2, agreed: true },
        { policyId: 'privacy', revision: 1, agreed: true },
      ]),
    ).toEqual({
      '0.agreed': ['policy.revisionOutdated'],
    });
  });

  it('ignores unknown policies', () => {
    expect(
      ok(schema, [
        { policyId: 'other', revision: 1, agreed: true },
        { policyId: 'terms', revision: 3, agreed: true },
        { policyId: 'privacy', revision: 1, agreed: true },
      ]),
    ).toHaveLength(2);
  });

  it('refuses malformed entries', () => {
    expect(keys(schema, [{ policyId: 'terms', revision: '3', agreed: 'yes' }])).toEqual({
      '0.revision': ['common.invalid'],
      '0.agreed': ['common.invalid'],
    });
    expect(keys(schema, null)).toEqual({ '': ['common.invalid'] });
  });

  it('a store without policies needs nothing', () => {
    expect(ok(policyConsentSchema([]), [])).toEqual([]);
  });

  it('kurenai: the external privacy policy needs its box ticked', () => {
    const kurenai = tenants.kurenai!.policies;
    const consent = policyConsentDefaults(kurenai).map((c) => ({ ...c, agreed: c.policyId === 'kurenai-terms' }));
    expect(keys(policyConsentSchema(kurenai), consent)).toEqual({ '1.agreed': ['policy.externalConsentRequired'] });
  });
});
