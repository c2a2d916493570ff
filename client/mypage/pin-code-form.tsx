import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { setPinCode } from '#client/api/mypage-privacy-calls.ts';
import { Input } from '#client/forms/controls.ts';
import { Field } from '#client/forms/field.tsx';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { zodResolver } from '#client/forms/zod-resolver.ts';
import { Stack } from '#client/ui/blocks.ts';
import { canSubmitPinCode, PIN_CODE_LENGTH, pastedPinCode, pinCodeFormSchema, sanitizePinInput } from '#domain/validation/pin-code.ts';

type Values = { pinCode: string; pinCodeConfirm: string };

const PinInput = styled(Input)`
  max-width: 10rem;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 1.5rem;
  letter-spacing: 0.4em;
  text-align: center;
`;

/**
 * The PIN and its confirmation (spec 4, 5 "PIN"): digits only, a paste only when it is exactly a
 * PIN, submit disabled until both hold 4 digits. After success the button stays busy while the
 * completion page loads; a failure shows 'エラーが発生しました'.
 */
export function PinCodeForm() {
  const { i18n, t } = useLingui();
  const resolver = useMemo(() => zodResolver<Values>(pinCodeFormSchema, i18n), [i18n]);
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: { pinCode: '', pinCodeConfirm: '' }, resolver });
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);
  const [pinCode, pinCodeConfirm] = form.watch(['pinCode', 'pinCodeConfirm']);

  const submit = form.handleSubmit(async (values) => {
    server.clear();
    const result = await setPinCode(values.pinCode);
    if (result.ok) {
      setLeaving(true);
      await followRedirect(result.data.redirectTo);
      return;
    }
    server.show(result.error, { fields: ['pinCode'], fallback: defaultErrorText(i18n), setError: form.setError });
  });

  const pinField = (name: keyof Values, label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} usage="REQUIRED" error={fieldState.error?.message}>
          {(control) => (
            <PinInput
              {...control}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(sanitizePinInput(e.target.value))}
              onPaste={(e) => {
                e.preventDefault();
                const pasted = pastedPinCode(e.clipboardData.getData('text'));
                if (pasted !== null) field.onChange(pasted);
              }}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={PIN_CODE_LENGTH}
            />
          )}
        </Field>
      )}
    />
  );

  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack>
        <p>
          <Trans>テレビアプリでプロフィールを保護するための4桁のPINコードを設定します。</Trans>
        </p>
        {pinField('pinCode', t`PINコード`)}
        {pinField('pinCodeConfirm', t`PINコード（確認用）`)}
        <ServerAlert state={server.state} />
        <SubmitButton busy={form.formState.isSubmitting || leaving} disabled={!canSubmitPinCode(pinCode, pinCodeConfirm)}>
          <Trans>設定する</Trans>
        </SubmitButton>
      </Stack>
    </form>
  );
}
