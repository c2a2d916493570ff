import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { type CallKey, calls } from '#domain/calls.ts';
import { AnswerMismatch, callOf, checkAnswers } from '../helpers/answer-check.ts';
import { jsonCallRoutes, NOT_CALLS, routeTable } from '../helpers/route-table.ts';
import { createHarness } from './app-harness.ts';

// Decision 0039: the call table (domain/calls.ts) and the app's routes name the same calls, and
// the harness checks every success answer of a call against its row.

const h = await createHarness();
afterAll(() => h.close());

const routes = jsonCallRoutes(h.app as never);
const rows = Object.keys(calls) as CallKey[];

describe('the call table and the routes', () => {
  it.each(routes)('%s has a row in domain/calls.ts', (route) => {
    expect(rows, `${route} is a JSON call without a row: add it to domain/calls.ts`).toContain(route);
  });

  it.each(rows)('%s is a route of the app', (row) => {
    expect(routes, `${row} is a row of domain/calls.ts that no route answers`).toContain(row);
  });

  it('leaves out only routes that are there', () => {
    const all = routeTable(h.app as never);
    for (const key of NOT_CALLS) expect(all).toContain(key);
  });
});

describe('the answer check of the integration harness', () => {
  it('finds the row of a request, literal segments first', () => {
    expect(callOf('POST', '/zapi/purchase/form/p1')).toBe('POST /zapi/purchase/form/:planId');
    expect(callOf('POST', '/zapi/purchase/p1')).toBe('POST /zapi/purchase/:planId');
    expect(callOf('GET', '/zapi/purchase/return')).toBeNull();
    expect(callOf('POST', '/zapi/signup')).toBe('POST /zapi/signup');
  });

  it('refuses a success answer that is not the row answer, and lets errors and good answers through', async () => {
    const app = new Hono();
    app.post('/zapi/account/consent', (c) => c.json({ value: 'yes' }));
    app.post('/zapi/account/pinCode/set', (c) => c.json({ redirectTo: '/mypage/pin-code/complete' }));
    app.post('/zapi/account/profile-image', (c) => c.json({ code: 'NOT_FOUND' }, 404));
    checkAnswers(app);
    await expect(app.request('/zapi/account/consent', { method: 'POST' })).rejects.toThrow(AnswerMismatch);
    expect((await app.request('/zapi/account/pinCode/set', { method: 'POST' })).status).toBe(200);
    expect((await app.request('/zapi/account/profile-image', { method: 'POST' })).status).toBe(404);
  });
});
