import { Trans, useLingui } from '@lingui/react/macro';
import { AddPaymentMethod } from '#client/commerce/payment-method-add.tsx';
import { PaymentMethodList } from '#client/commerce/payment-method-list.tsx';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { useReturnTo } from '#client/identity/return-to.ts';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { Section, SectionTitle } from '#client/mypage/row-list.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

/** /mypage/payment-method (spec 2 "Payment methods"): the member's methods, and adding one. */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/mypage/payment-method');
  // ?redirectTo: the purchase the member left to add a card goes on once it is added.
  const returnTo = useReturnTo();
  return (
    <MyPageFrame title={t`支払い方法`}>
      {data.result === 'cancelled' ? (
        <FormAlert tone="info">
          <Trans>支払い方法の登録をキャンセルしました。</Trans>
        </FormAlert>
      ) : null}
      {data.result === 'failed' ? (
        <FormAlert>
          <Trans>支払い方法の登録に失敗しました。もう一度お試しください。</Trans>
        </FormAlert>
      ) : null}
      <Section>
        <SectionTitle>
          <Trans>登録済みの支払い方法</Trans>
        </SectionTitle>
        <PaymentMethodList methods={data.methods} />
      </Section>
      {data.addableTypes.length > 0 ? (
        <Section>
          <SectionTitle>
            <Trans>支払い方法を追加</Trans>
          </SectionTitle>
          <AddPaymentMethod types={data.addableTypes} cardProvider={data.cardProvider} returnTo={returnTo} />
        </Section>
      ) : null}
    </MyPageFrame>
  );
}
