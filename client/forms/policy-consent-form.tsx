import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { consentToPolicies } from '#client/api/identity-calls.ts';

import { PolicyText } from '#client/identity/policy-text.tsx';
import { Stack } from '#client/ui/blocks.ts';
import { ExternalMark } from '#client/ui/external-mark.tsx';
import type { PolicyView } from '#domain/identity-screens.ts';
import {
  type PolicyConsent,
  type PolicyConsentInput,
  policyConsentDefaults,
  policyConsentSchema,
} from '#domain/validation/policy-consent.ts';
import { ChoiceLabel, TextLink } from './controls.ts';
import { Field, Hint } from './field.tsx';
import { errorOf } from './form-errors.ts';
import { ServerAlert, useServerAlert } from './server-alert.tsx';
import { signupErrorText } from './server-error.ts';
import { SubmitButton } from './submit-button.tsx';
import { zodResolver } from './zod-resolver.ts';

type Values = { policyConsentData: PolicyConsentInput[] };
type Parsed = { policyConsentData: PolicyConsent[] };

const Title = styled.h2`
  margin: 0 0 8px;
  font-size: 1.0625rem;
`;

const External = styled.div`
  padding: 14px 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

/**
 * Consent to the store's policies (spec 4, 5): an internal policy is read to the end in its box;
 * an external one opens in a new tab and is consented to with a box ('同意が必須です。').
 * The button is enabled once every internal policy has been read.
 */
export function PolicyConsentForm({
  policies,
  restartHref,
  next,
  returnTo = '',
}: {
  policies: PolicyView[];
  /** The page the sign-up began from (a plan being bought): the finished sign-up returns there. */
  returnTo?: string;
  restartHref: string;
  /** Where to go once consent is recorded, instead of the answer's next step (an app's sign-up, decision 0023). */
  next?: string;
}) {
  const { i18n, t } = useLingui();
  const resolver = useMemo(
    () => zodResolver<Values, Parsed>(z.object({ policyConsentData: policyConsentSchema(policies) }), i18n),
    [policies, i18n],
  );
  const { register, handleSubmit, setValue, setError, getValues, formState } = useForm<Values, unknown, Parsed>({
    mode: 'onTouched',
    defaultValues: { policyConsentData: policyConsentDefaults(policies) },
    resolver,
  });
  const [read, setRead] = useState<Record<string, boolean>>({});
  const markRead = useCallback(
    (i: number, policyId: string) => {
      setRead((r) => ({ ...r, [policyId]: true }));
      setValue(`policyConsentData.${i}.agreed`, true);
    },
    [setValue],
  );
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);
  const unread = policies.filter((p) => !p.isExternal && !read[p.policyId]);

  const submit = handleSubmit(async () => {
    server.clear();
    // The call takes the entries as the form holds them ({ policyId, revision, agreed }).
    const result = await consentToPolicies(getValues('policyConsentData'), returnTo);
    if (result.ok) {
      setLeaving(true);
      await followRedirect(next ?? result.data.redirectTo);
      return;
    }
    server.show(result.error, { fields: ['policyConsentData'], fallback: signupErrorText(i18n), setError, restartHref });
  });

  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack gap={28}>
        {policies.map((p, i) => {
          const name = `policyConsentData.${i}.agreed` as const;
          const title = p.title;
          return (
            <section key={p.policyId} aria-labelledby={`policy-${p.policyId}`}>
              <Title id={`policy-${p.policyId}`}>{p.title}</Title>
              {p.isExternal ? (
                <External>
                  <Field label={<Trans>同意</Trans>} usage="REQUIRED" group error={errorOf(formState.errors, name)}>
                    {() => (
                      <>
                        {p.externalUrl ? (
                          <Hint>
                            <TextLink href={p.externalUrl} target="_blank" rel="noopener noreferrer">
                              {t`${title}を読む`}
                              <ExternalMark />
                            </TextLink>
                          </Hint>
                        ) : null}
                        <ChoiceLabel>
                          <input type="checkbox" {...register(name)} aria-invalid={errorOf(formState.errors, name) ? true : undefined} />
                          <Trans>{title}に同意します</Trans>
                        </ChoiceLabel>
                      </>
                    )}
                  </Field>
                </External>
              ) : (
                <PolicyText
                  id={`policy-body-${p.policyId}`}
                  title={p.title}
                  body={p.body}
                  read={!!read[p.policyId]}
                  onRead={() => markRead(i, p.policyId)}
                />
              )}
            </section>
          );
        })}
        <ServerAlert state={server.state} />
        <Stack gap={8}>
          {unread.length > 0 ? (
            <Hint id="policy-unread">
              <Trans>すべての規約を最後までお読みいただくと、ボタンを押せるようになります。</Trans>
            </Hint>
          ) : null}
          <SubmitButton
            busy={formState.isSubmitting || leaving}
            disabled={unread.length > 0}
            describedBy={unread.length > 0 ? 'policy-unread' : undefined}
          >
            <Trans>同意して次へ</Trans>
          </SubmitButton>
        </Stack>
      </Stack>
    </form>
  );
}
