import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { verifyUserId } from '#client/api/identity-calls.ts';
import { CheckCircleIcon } from '#client/ui/icons.tsx';
import { isUserId } from '#domain/validation/user-id.ts';
import { Input } from './controls.ts';
import { Field, type Usage } from './field.tsx';
import { errorOf } from './form-errors.ts';
import { profileHint, profileLabel } from './profile-field-texts.ts';

const Status = styled.p`
  display: flex;
  align-items: center;
  gap: 6px;
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};
  &[data-state='available'] {
    color: ${({ theme }) => theme.color.success};
    font-weight: 700;
  }
`;

type Check = { value: string; state: 'checking' | 'available' | 'taken'; message?: string };

/**
 * The user ID, checked for availability when the box is left (POST /zapi/account/user-id/verify),
 * once per value: leaving it unchanged asks nothing again. On My Page the member's own ID
 * (`currentUserId`) is never asked about (spec 5: "unless unchanged"), and `label` names the box.
 */
export function UserIdField({ usage, currentUserId, label }: { usage: Usage; currentUserId?: string | null; label?: string }) {
  const { i18n } = useLingui();
  const { register, getValues, setError, control, formState } = useFormContext<{ userId: string }>();
  const value = (useWatch({ control, name: 'userId' }) ?? '').trim();
  const [check, setCheck] = useState<Check | null>(null);
  const registration = register('userId');

  const onBlur = async (e: React.FocusEvent<HTMLInputElement>) => {
    await registration.onBlur(e);
    const current = getValues('userId').trim();
    if (current === '' || !isUserId(current) || current === currentUserId) return;
    if (check?.value === current) {
      // Unchanged: the answer stands (the blur's own check would otherwise clear a "taken" message).
      if (check.state === 'taken' && check.message) setError('userId', { type: 'server', message: check.message });
      return;
    }
    setCheck({ value: current, state: 'checking' });
    const result = await verifyUserId(current);
    if (getValues('userId').trim() !== current) return;
    if (result.ok) {
      setCheck({ value: current, state: 'available' });
    } else if (result.error.code === 'ACCOUNT_ALREADY_EXISTS_USER_ID') {
      const message = result.error.fields?.userId ?? result.error.message;
      setCheck({ value: current, state: 'taken', message });
      setError('userId', { type: 'server', message });
    } else {
      // Not known now (network, limits): the sign-up call checks again.
      setCheck(null);
    }
  };

  const shown = check && check.value === value && check.state !== 'taken' ? check : null;
  return (
    <Field
      label={label ?? profileLabel(i18n, 'userId')}
      usage={usage}
      hint={profileHint(i18n, 'userId')}
      error={errorOf(formState.errors, 'userId')}
      after={
        <Status data-state={shown?.state} role="status">
          {shown?.state === 'available' ? (
            <>
              <CheckCircleIcon />
              <Trans>このユーザIDは使用できます。</Trans>
            </>
          ) : shown?.state === 'checking' ? (
            <Trans>使用できるか確認しています…</Trans>
          ) : null}
        </Status>
      }
    >
      {(c) => (
        <Input {...c} {...registration} onBlur={onBlur} type="text" autoComplete="username" autoCapitalize="off" spellCheck={false} />
      )}
    </Field>
  );
}
