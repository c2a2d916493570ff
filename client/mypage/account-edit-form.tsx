import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { editAccount } from '#client/api/profile-calls.ts';
import { CustomInfoFields } from '#client/forms/custom-info-fields.tsx';
import { ProfileFieldList } from '#client/forms/profile-field-list.tsx';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { builtOnFirstUse, zodResolver } from '#client/forms/zod-resolver.ts';

import { useRootData } from '#client/root-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { accountEditBody, accountEditFormField, accountEditFormSchema } from '#domain/validation/account-edit.ts';
import { fieldUsages } from '#domain/validation/profile-field-list.ts';
import type { SignupFormInput, SignupFormValues } from '#domain/validation/signup-form.ts';

/** A form reads best at the width of one column of fields. */
const Narrow = styled.form`
  max-width: 640px;
`;

/**
 * The basic-information edit (spec 2, 5): the store's registration fields with the sign-up's own
 * field components, started from the stored profile. The user ID (its own screen) and the
 * sign-up message are not part of it. Sent to POST /zapi/account/edit; the completion page follows.
 */
export function AccountEditForm({ values }: { values: Record<string, unknown> }) {
  const { i18n } = useLingui();
  const { storeSettingData: s } = useRootData();
  const resolver = useMemo(
    // Built at the first check: never during the server's render (decision 0026).
    () =>
      zodResolver<SignupFormInput, SignupFormValues>(
        builtOnFirstUse(() => accountEditFormSchema(s, { now: new Date() }) as never),
        i18n,
      ),
    [s, i18n],
  );
  const form = useForm<SignupFormInput, unknown, SignupFormValues>({
    mode: 'onTouched',
    defaultValues: values as SignupFormInput,
    resolver,
  });
  const { handleSubmit, setError, formState } = form;
  const server = useServerAlert();
  const usages = { ...fieldUsages(s), userId: 'NOT_USE', message: 'NOT_USE' } as const;

  const submit = handleSubmit(async (parsed) => {
    server.clear();
    const result = await editAccount(accountEditBody(parsed, s));
    if (result.ok) {
      await followRedirect(result.data.redirectTo);
      return;
    }
    const fields = Object.fromEntries(Object.entries(result.error.fields ?? {}).map(([k, m]) => [accountEditFormField(k), m]));
    server.show({ ...result.error, fields }, { fields: Object.keys(values), fallback: defaultErrorText(i18n), setError });
  });

  return (
    <FormProvider {...form}>
      <Narrow method="post" noValidate onSubmit={submit}>
        <Stack gap={32}>
          <Stack gap={20}>
            <ProfileFieldList usages={usages} />
            <CustomInfoFields definitions={s.signupFields.customAssociatedInfo} />
          </Stack>
          <Stack>
            <ServerAlert state={server.state} />
            <SubmitButton busy={formState.isSubmitting}>
              <Trans>変更する</Trans>
            </SubmitButton>
          </Stack>
        </Stack>
      </Narrow>
    </FormProvider>
  );
}
