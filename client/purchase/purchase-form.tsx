import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { registerCard } from '#client/api/payment-method-calls.ts';
import { CardForm } from '#client/commerce/card-form.tsx';
import { type CardTokens, providerTokenizer } from '#client/commerce/provider-script.ts';
import { ChoiceLabel, Choices, Input, TextLink } from '#client/forms/controls.ts';
import { Field } from '#client/forms/field.tsx';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { SurveyFields } from '#client/forms/survey-fields.tsx';
import { zodResolverOnDemand } from '#client/forms/zod-resolver.ts';
import { CAMPAIGN_CODE_MAX } from '#domain/commerce/campaign.ts';
import { methodLabel, methodTypeLabel } from '#domain/commerce/method-texts.ts';
import { CAMPAIGN_CODE_METHOD, firstPaymentChoice } from '#domain/commerce/payment-choice.ts';
import type { purchaseFormSchemaFor } from '#domain/commerce/purchase-input.ts';
import type { ScreenData } from '#domain/screen-data.ts';
import { surveyAnswerDefaults } from '#domain/validation/survey-defaults.ts';
import { verifyPurchase } from './calls.ts';

type Values = { paymentMethodId: string; campaignCode: string; surveyAnswers: { questionId: string; value: string | string[] }[] };
type Output = z.output<ReturnType<typeof purchaseFormSchemaFor>>;

/** The choice of paying with a card typed here (the card form), kept as the member's card first. */
const NEW_CARD = 'new-card';

/**
 * The purchase form (spec 4 "Purchase"): a payment method among the member's registered ones, the
 * card form (the card is kept with the provider, then pays), a one-time redirect, or a campaign code
 * alone where a code can pay for the plan; a campaign code where the plan has a code campaign; the
 * plan's survey. Verify answers the order and a token; the browser goes on to the confirmation.
 */
export function PurchaseForm({ data }: { data: ScreenData<'/plans/@planId'> }) {
  const { i18n, t } = useLingui();
  const questions = data.survey?.questions ?? [];
  const resolver = useMemo(
    () =>
      zodResolverOnDemand<Values, Output>(
        async () => (await import('#domain/commerce/purchase-input.ts')).purchaseFormSchemaFor(questions),
        i18n,
      ),
    [questions, i18n],
  );
  const tokenize = useMemo(() => (data.cardProvider ? providerTokenizer(data.cardProvider) : null), [data.cardProvider]);
  // A card kept by this form whose verification then failed: offered as a registered one.
  const [keptCard, setKeptCard] = useState<string | null>(null);
  const first = firstPaymentChoice(
    data.methods.map((m) => m.id),
    tokenize ? NEW_CARD : null,
    data.directTypes,
  );
  const form = useForm<Values, unknown, Output>({
    mode: 'onTouched',
    defaultValues: { paymentMethodId: first, campaignCode: '', surveyAnswers: surveyAnswerDefaults(questions) },
    resolver,
  });
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);
  const chosen = form.watch('paymentMethodId');
  const methodError = form.formState.errors.paymentMethodId?.message;

  const verify = async (values: Output) => {
    server.clear();
    const result = await verifyPurchase(data.plan.planId, values);
    if (result.ok) {
      setLeaving(true);
      const next = data.signup ? result.data.redirectTo.replace(/^\/plans\//, '/signup/plans/') : result.data.redirectTo;
      await followRedirect(next);
      return;
    }
    server.show(result.error, {
      fields: ['paymentMethodId', 'campaignCode', 'surveyAnswers'],
      fallback: defaultErrorText(i18n),
      setError: form.setError,
      restartHref: `/plans/${data.plan.planId}`,
    });
  };
  const submit = form.handleSubmit(verify);

  /** The card form's tokens: the card is kept, then the order is verified with it. */
  const payByNewCard = {
    beforeTokenize: () => form.trigger(),
    onTokens: (tokens: CardTokens) => registerCard(tokens),
    onDone: async (answer: unknown) => {
      const id = (answer as { accountPaymentMethodId: string }).accountPaymentMethodId;
      setKeptCard(id);
      form.setValue('paymentMethodId', id);
      await form.handleSubmit(verify)();
    },
  };

  const cardLabel = methodTypeLabel(i18n, 'SbpsCredit');
  const options = [
    ...data.methods.map((m) => ({ value: m.id, label: methodLabel(i18n, m) })),
    ...(keptCard ? [{ value: keptCard, label: cardLabel }] : []),
    ...(tokenize && !keptCard
      ? [{ value: NEW_CARD, label: data.methods.some((m) => m.type === 'SbpsCredit') ? t`新しいクレジットカード` : cardLabel }]
      : []),
    ...data.directTypes.map((type) => ({ value: type, label: methodTypeLabel(i18n, type) })),
  ];
  // At the contract limit (or out of sale) the card beside says 契約できません: nothing here can be sent.
  const blocked = data.plan.button.disabled;
  const withCardForm = chosen === NEW_CARD && tokenize !== null && !blocked;
  const askCode = data.campaignCodeAccepted || chosen === CAMPAIGN_CODE_METHOD;
  // A carrier or PayPal for a subscription: its agreement is made on the provider's page after the confirmation.
  const agreementType =
    data.plan.planType === 'subscription' ? data.directTypes.find((type) => type === chosen && type !== CAMPAIGN_CODE_METHOD) : undefined;
  const agreementName = agreementType ? methodTypeLabel(i18n, agreementType) : '';

  return (
    <FormProvider {...form}>
      <form method="post" noValidate onSubmit={submit} onFocus={resolver.preload}>
        <Field label={t({ message: '支払い方法', context: 'the method of one payment' })} usage="REQUIRED" error={methodError} group>
          {() => (
            <Choices>
              {options.map((o) => (
                <ChoiceLabel key={o.value}>
                  <input type="radio" value={o.value} {...form.register('paymentMethodId')} />
                  {o.label}
                </ChoiceLabel>
              ))}
              {options.length === 0 && (
                <p>
                  <Trans>支払い方法が登録されていません。</Trans>
                </p>
              )}
            </Choices>
          )}
        </Field>
        {agreementType && (
          <p>
            <Trans>
              確認画面のあと{agreementName}のページで継続課金のお支払いを登録します。登録した方法で初回と以後の更新をお支払いいただきます。
            </Trans>
          </p>
        )}
        {data.cardsAccepted && !tokenize && (
          <p>
            <TextLink href={`/mypage/payment-method?redirectTo=${encodeURIComponent(`/plans/${data.plan.planId}`)}`}>
              <Trans>クレジットカードを登録する</Trans>
            </TextLink>
          </p>
        )}
        {askCode && (
          <Field
            label={t`キャンペーンコード`}
            usage={chosen === CAMPAIGN_CODE_METHOD ? 'REQUIRED' : 'OPTIONAL'}
            hint={t`半角英数字で入力してください。`}
            error={form.formState.errors.campaignCode?.message}
          >
            {(control) => (
              <Input {...control} {...form.register('campaignCode')} autoComplete="off" inputMode="text" maxLength={CAMPAIGN_CODE_MAX} />
            )}
          </Field>
        )}
        {data.survey && (
          <fieldset>
            <legend>{data.survey.surveyName}</legend>
            {data.survey.surveyDescription && <p>{data.survey.surveyDescription}</p>}
            <SurveyFields questions={questions} name="surveyAnswers" />
          </fieldset>
        )}
        <ServerAlert state={server.state} />
        {!withCardForm && (
          <SubmitButton busy={form.formState.isSubmitting || leaving} disabled={blocked}>
            <Trans>確認画面へ進む</Trans>
          </SubmitButton>
        )}
      </form>
      {withCardForm && tokenize && <CardForm tokenize={tokenize} {...payByNewCard} submitLabel={<Trans>確認画面へ進む</Trans>} />}
    </FormProvider>
  );
}
