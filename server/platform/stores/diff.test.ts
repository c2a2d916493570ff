// Issue 23, point 2: what `npm run store -- apply` lists reads as what the admin did. Lists of
// things with an identity (plans, campaigns, surveys and their questions, OpenID clients and
// scopes, footer links, hosts) are compared by that identity, not by position.
import { describe, expect, it } from 'vitest';
import { diffJson } from './diff.ts';

const plan = (planId: string, price = 990) => ({ planId, planType: 'subscription', planName: { ja: planId }, price, visible: true });

describe('diffJson', () => {
  it('names one removed plan once, however many plans follow it', () => {
    const before = { plans: [plan('a'), plan('b'), plan('c'), plan('d')] };
    const after = { plans: [plan('a'), plan('c'), plan('d')] };
    expect(diffJson(before, after)).toEqual([{ path: '$.plans[planId=b]', kind: 'removed', before: plan('b') }]);
  });

  it('names an added plan and a changed field by the plan, and an order change once', () => {
    const before = { plans: [plan('a'), plan('b')] };
    expect(diffJson(before, { plans: [plan('new'), plan('a'), plan('b', 1100)] })).toEqual([
      { path: '$.plans[planId=b].price', kind: 'changed', before: 990, after: 1100 },
      { path: '$.plans[planId=new]', kind: 'added', after: plan('new') },
    ]);
    expect(diffJson(before, { plans: [plan('b'), plan('a')] })).toEqual([
      { path: '$.plans (order)', kind: 'changed', before: ['a', 'b'], after: ['b', 'a'] },
    ]);
  });

  it('keys surveys and their questions, OpenID clients and scopes, consents, campaigns, footer links and hosts', () => {
    const q = (questionId: string) => ({ questionId, questionType: 'text', questionTitle: { ja: questionId } });
    const before = {
      hosts: ['a.localhost', 'b.localhost', 'c.localhost'],
      surveys: [{ surveyId: 's', questions: [q('q1'), q('q2'), q('q3')] }],
      oidc: {
        clients: [
          { clientId: 'x', redirectUris: ['https://x/cb'] },
          { clientId: 'y', redirectUris: [] },
        ],
        scopes: [{ scopeKey: 'profile' }],
      },
      campaigns: [
        { code: 'ONE', price: 1 },
        { automatic: true, name: { ja: '自動' }, price: 2 },
        { code: 'TWO', price: 3 },
      ],
      footers: {
        footerLinks: [
          { name: { ja: '会社' }, type: 'url', url: 'https://example.jp/' },
          { name: { ja: 'プラン' }, type: 'default', path: '/plans' },
        ],
      },
    };
    const after = {
      hosts: ['a.localhost', 'c.localhost'],
      surveys: [{ surveyId: 's', questions: [q('q1'), q('q3')] }],
      oidc: { clients: [{ clientId: 'y', redirectUris: [] }], scopes: [{ scopeKey: 'profile' }] },
      campaigns: [
        { automatic: true, name: { ja: '自動' }, price: 2 },
        { code: 'TWO', price: 4 },
      ],
      footers: { footerLinks: [{ name: { ja: 'プラン' }, type: 'default', path: '/plans' }] },
    };
    expect(diffJson(before, after).map((c) => `${c.kind} ${c.path}`)).toEqual([
      'removed $.campaigns[code=ONE]',
      'changed $.campaigns[code=TWO].price',
      'removed $.footers.footerLinks[url=https://example.jp/]',
      'removed $.hosts["b.localhost"]',
      'removed $.oidc.clients[clientId=x]',
      'removed $.surveys[surveyId=s].questions[questionId=q2]',
    ]);
  });

  it('falls back to positions for lists without a unique identity', () => {
    expect(diffJson({ licenses: [{ ja: 'A' }, { ja: 'B' }] }, { licenses: [{ ja: 'B' }] })).toEqual([
      { path: '$.licenses[0].ja', kind: 'changed', before: 'A', after: 'B' },
      { path: '$.licenses[1]', kind: 'removed', before: { ja: 'B' } },
    ]);
    expect(diffJson({ l: [{ path: '/a' }, { path: '/a' }] }, { l: [{ path: '/a' }] })).toEqual([
      { path: '$.l[1]', kind: 'removed', before: { path: '/a' } },
    ]);
  });
});
