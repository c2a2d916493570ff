import styled from '@emotion/styled';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { VisuallyHidden } from '#client/ui/visually-hidden.ts';
import { Input } from './controls.ts';
import type { ControlProps } from './field.tsx';

const Wrap = styled.div`
  position: relative;
  & input {
    padding-right: 96px;
  }
`;

const Toggle = styled.button`
  position: absolute;
  top: 4px;
  right: 4px;
  bottom: 4px;
  min-width: 80px;
  padding: 0 10px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.accentText};
  font: inherit;
  font-size: 0.8125rem;
  font-weight: 700;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }
`;

type Props = {
  registration: UseFormRegisterReturn;
  control: ControlProps;
  autoComplete: 'current-password' | 'new-password';
};

/** A password box with a show/hide button. */
export function PasswordInput({ registration, control, autoComplete }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <Wrap>
      <Input
        {...control}
        {...registration}
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        spellCheck={false}
        autoCapitalize="off"
      />
      {/* The name says what a press does: 「パスワードを表示」 / 「パスワードを非表示」. */}
      <Toggle type="button" aria-controls={control.id} onClick={() => setShown((v) => !v)}>
        {shown ? (
          <Trans>
            <VisuallyHidden>パスワードを</VisuallyHidden>非表示
          </Trans>
        ) : (
          <Trans>
            <VisuallyHidden>パスワードを</VisuallyHidden>表示
          </Trans>
        )}
      </Toggle>
    </Wrap>
  );
}
