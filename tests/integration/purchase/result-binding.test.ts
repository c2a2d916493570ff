// A purchase's signed result is bound to the purchase's return (issue 19, 10(c)): brought to the
// payment-method return first, it is refused there without being spent, and the purchase still
// completes with it. Over the sandbox provider, as a viewer would go through it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRedirect, returnedTo } from '../../helpers/payment-sandbox.ts';
import { createHarness } from '../app-harness.ts';
import type { Harness } from '../identity/support.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from './support.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());

describe('a purchase’s signed result at the payment-method return', () => {
  it('is refused there and left for the purchase, which completes with it', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const { purchase } = await buy(m.b, 'rental', { paymentMethodId: 'SbpsDocomo' });
    expect(purchase?.status).toBe(200);
    const redirect = purchase?.body.providerRedirect as { url: string; params: Record<string, string> };
    const back = returnedTo((await decideRedirect(redirect, 'approve')).location);
    expect(new URL(back.returnUrl).pathname).toBe('/zapi/purchase/return');
    const query = new URLSearchParams(back.fields).toString();

    const wrongReturn = await m.b.get(`/zapi/account/payment-method/return?${query}`);
    expect(wrongReturn.headers.get('location')).toBe('/mypage/payment-method?result=failed');

    const purchaseReturn = await m.b.get(`/zapi/purchase/return?${query}`);
    expect(purchaseReturn.headers.get('location')).toMatch(/^\/plans\/rental\/complete/);
  });
});
