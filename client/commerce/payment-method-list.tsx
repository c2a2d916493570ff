import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { deletePaymentMethod } from '#client/api/payment-method-calls.ts';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { defaultErrorText, summaryText } from '#client/forms/server-error.ts';
import { RuledList } from '#client/ui/blocks.ts';
import { Button } from '#client/ui/button.ts';
import { CARD_BRAND_NAMES, formatExpiry } from '#domain/commerce/card.ts';
import { methodTypeLabel } from '#domain/commerce/method-texts.ts';
import type { AccountPaymentMethod } from '#domain/commerce/payment-methods.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 16px 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Main = styled.div`
  flex: 1 1 240px;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
  & strong {
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;

const State = styled.span`
  display: inline-block;
  width: fit-content;
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid currentColor;
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.6;
  &[data-state='valid'] {
    color: ${({ theme }) => theme.color.textMuted};
  }
  &[data-state='expiring'],
  &[data-state='expired'] {
    color: ${({ theme }) => theme.color.danger};
  }
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 4px;
  ${({ theme }) => theme.mobile} {
    align-items: flex-start;
    flex-basis: 100%;
  }
`;

function StateBadge({ state }: { state: NonNullable<AccountPaymentMethod['cardState']> }) {
  const { t } = useLingui();
  const text = state === 'valid' ? t`有効` : state === 'expiring' ? t`有効期限間近` : t`有効期限切れ`;
  return <State data-state={state}>{text}</State>;
}

/** What the member recognises a method by: brand and last digits, or the method's name. */
function methodTitle(i18n: ReturnType<typeof useLingui>['i18n'], m: AccountPaymentMethod): string {
  const card = m.SbpsCreditInfo;
  if (card) return `${CARD_BRAND_NAMES[card.cardbrandCode] || methodTypeLabel(i18n, m.paymentMethodType)} •••• ${card.cardNumberSuffix}`;
  return methodTypeLabel(i18n, m.paymentMethodType);
}

/**
 * The member's methods (spec 2 "Payment methods"): a card shows brand, last digits, expiry and its
 * state; a redirect method its name and label. Delete asks first in a dialog; a method a contract
 * uses cannot be deleted.
 */
export function PaymentMethodList({ methods }: { methods: AccountPaymentMethod[] }) {
  const { i18n, t } = useLingui();
  const [asking, setAsking] = useState<AccountPaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (methods.length === 0)
    return (
      <p>
        <Trans>登録されている支払い方法はありません。</Trans>
      </p>
    );

  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    setError(null);
    const result = await deletePaymentMethod(asking.accountPaymentMethodId);
    if (result.ok) {
      await followRedirect(result.data.redirectTo);
      return;
    }
    setBusy(false);
    setAsking(null);
    setError(summaryText(i18n, result.error, defaultErrorText(i18n)));
  };

  const askingTitle = asking ? methodTitle(i18n, asking) : '';
  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <RuledList>
        {methods.map((m) => {
          const title = methodTitle(i18n, m);
          const expiry = m.SbpsCreditInfo ? formatExpiry(m.SbpsCreditInfo.expireDate) : null;
          return (
            <Item key={m.accountPaymentMethodId} data-testid="payment-method">
              <Main>
                <strong>{title}</strong>
                {expiry ? (
                  <Meta>
                    <Trans>有効期限 {expiry}</Trans>
                  </Meta>
                ) : m.label ? (
                  <Meta>{m.label}</Meta>
                ) : null}
                {m.cardState ? <StateBadge state={m.cardState} /> : null}
              </Main>
              <Side>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={m.isContractUsed}
                  aria-label={t`${title}を削除`}
                  onClick={() => setAsking(m)}
                >
                  <Trans>削除</Trans>
                </Button>
                {m.isContractUsed ? (
                  <Meta>
                    <Trans>ご契約中のプランで利用しているため削除できません</Trans>
                  </Meta>
                ) : null}
              </Side>
            </Item>
          );
        })}
      </RuledList>
      {asking ? (
        <ConfirmDialog
          title={t`支払い方法の削除`}
          confirmLabel={t`削除する`}
          busy={busy}
          onConfirm={confirm}
          onClose={() => (busy ? undefined : setAsking(null))}
        >
          <p>
            <Trans>{askingTitle} を削除しますか？</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
