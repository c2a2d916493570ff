/*
 * Sandbox Pay: browser tokenisation script (hand-written, no build step).
 *
 * Load it from the provider's origin and call
 *   SandboxPay.createToken({ merchantId, serviceId, cardNumber, expiryYear, expiryMonth, securityCode })
 * It resolves to { ok: true, token, tokenKey, tds2infoToken, tds2infoTokenKey } or to
 * { ok: false, code } with a 5-character code (kind 03 required, 04 invalid, 05 wrong length,
 * 07 invalid, 99 system error; field 001 merchant ID, 002 service ID, 003 card number, 004 expiry,
 * 005 security code, 006 none). The card goes to the provider's origin only, never to the store.
 */
(() => {
  let script = document.currentScript;
  if (!script) {
    const found = document.querySelectorAll('script[src*="/v1/token.js"]');
    script = found.length > 0 ? found[found.length - 1] : null;
  }
  const origin = script ? new URL(script.src, location.href).origin : '';
  const SYSTEM_ERROR = { ok: false, code: '99006' };

  function createToken(input) {
    const body = {
      merchantId: input?.merchantId,
      serviceId: input?.serviceId,
      cardNumber: input?.cardNumber,
      expiryYear: input?.expiryYear,
      expiryMonth: input?.expiryMonth,
      securityCode: input?.securityCode,
    };
    return fetch(`${origin}/v1/tokens`, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then((res) => (res.ok ? res.json() : SYSTEM_ERROR))
      .then((answer) => (answer && typeof answer.ok === 'boolean' ? answer : SYSTEM_ERROR))
      .catch(() => SYSTEM_ERROR);
  }

  window.SandboxPay = Object.freeze({ createToken, origin });
})();
