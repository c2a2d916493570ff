// The payment provider's tokenisation script, loaded on demand from its own origin (the screen data's
// scriptUrl): card numbers go from the browser to the provider only, never to the store.
import type { CardFormOutput } from '#domain/commerce/card-form.ts';
import type { CardProvider } from '#domain/commerce/payment-methods.ts';

export type CardTokens = { token: string; tokenKey: string; tds2infoToken: string; tds2infoTokenKey: string };
/** The script's answer: the tokens, or a 5-character card-token error code. */
export type TokenizeResult = ({ ok: true } & CardTokens) | { ok: false; code: string };
export type Tokenize = (card: CardFormOutput) => Promise<TokenizeResult>;

type SandboxPay = {
  createToken(input: {
    merchantId: string;
    serviceId: string;
    cardNumber: string;
    expiryYear: string;
    expiryMonth: string;
    securityCode: string;
  }): Promise<TokenizeResult>;
};

declare global {
  interface Window {
    SandboxPay?: SandboxPay;
  }
}

/** The code answered when the script cannot be loaded: a system error about no field (99006). */
export const SCRIPT_UNAVAILABLE_CODE = '99006';

const loads = new Map<string, Promise<SandboxPay>>();

/** Loads the script once per address; a failed load may be tried again. */
function loadScript(scriptUrl: string): Promise<SandboxPay> {
  const ready = window.SandboxPay;
  if (ready) return Promise.resolve(ready);
  let load = loads.get(scriptUrl);
  if (!load) {
    load = new Promise<SandboxPay>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () => (window.SandboxPay ? resolve(window.SandboxPay) : reject(new Error('no SandboxPay')));
      script.onerror = () => {
        script.remove();
        reject(new Error(`cannot load ${scriptUrl}`));
      };
      document.head.appendChild(script);
    });
    load.catch(() => loads.delete(scriptUrl));
    loads.set(scriptUrl, load);
  }
  return load;
}

/** The `tokenize` of the card form over the provider named by the screen data. */
export function providerTokenizer(provider: CardProvider): Tokenize {
  return async (card) => {
    let pay: SandboxPay;
    try {
      pay = await loadScript(provider.scriptUrl);
    } catch {
      return { ok: false, code: SCRIPT_UNAVAILABLE_CODE };
    }
    try {
      return await pay.createToken({ merchantId: provider.merchantId, serviceId: provider.serviceId, ...card });
    } catch {
      return { ok: false, code: SCRIPT_UNAVAILABLE_CODE };
    }
  };
}
