import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ChoiceLabel, Choices, TextLink } from '#client/forms/controls.ts';
import { Field } from '#client/forms/field.tsx';
import { FormAlert } from '#client/forms/form-alert.tsx';

import { MyPageFrame } from '#client/mypage/frame.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { ActionForm } from '#client/subscriptions/action-button.tsx';
import { changePaymentMethod } from '#client/subscriptions/calls.ts';
import { methodText, refusalText } from '#client/subscriptions/texts.ts';
import { Stack } from '#client/ui/blocks.ts';
import { methodLabel } from '#domain/commerce/method-texts.ts';

/** /mypage/subscription/{id}/payment-method: choose another usable method for the subscription. */
export default function Page() {
  const { i18n, t } = useLingui();
  const { subscription: s, methods } = useScreenData('/mypage/subscription/@subscriptionId/payment-method');
  const current = s.accountPaymentMethod;
  const [chosen, setChosen] = useState<string>('');
  const [missing, setMissing] = useState(false);
  const allowed = s.view.changePaymentMethod;
  return (
    <MyPageFrame title={t`支払い方法の変更`}>
      <Stack>
        <p>
          <Trans>プラン：{s.planName}</Trans>
        </p>
        {current ? (
          <p>
            <Trans>現在の支払い方法：{methodText(i18n, current)}</Trans>
          </p>
        ) : null}
        {!allowed.allowed ? <FormAlert tone="info">{refusalText(i18n, allowed.reason)}</FormAlert> : null}
        <ActionForm
          disabled={!allowed.allowed || methods.length === 0}
          check={() => {
            setMissing(chosen === '');
            return chosen !== '';
          }}
          call={() => changePaymentMethod(s.subscriptionId, chosen)}
          before={
            <Field label={t`新しい支払い方法`} usage="REQUIRED" group error={missing ? t`支払い方法が選択されていません` : undefined}>
              {() => (
                <Choices>
                  {methods.map((m) => (
                    <ChoiceLabel key={m.id}>
                      <input
                        type="radio"
                        name="paymentMethodId"
                        value={m.id}
                        checked={chosen === m.id}
                        onChange={() => {
                          setChosen(m.id);
                          setMissing(false);
                        }}
                      />
                      {methodLabel(i18n, m)}
                    </ChoiceLabel>
                  ))}
                  {methods.length === 0 ? (
                    <p>
                      <Trans>変更できる支払い方法が登録されていません。</Trans>
                    </p>
                  ) : null}
                </Choices>
              )}
            </Field>
          }
        >
          <Trans>変更する</Trans>
        </ActionForm>
        <p>
          <TextLink href="/mypage/payment-method">
            <Trans>支払い方法を登録する</Trans>
          </TextLink>
        </p>
      </Stack>
    </MyPageFrame>
  );
}
