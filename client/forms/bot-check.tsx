import styled from '@emotion/styled';
import { Trans } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { useRootData } from '#client/root-data.ts';

export type BotAction = 'login' | 'signup';

const Box = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
`;

const Label = styled.label`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 44px;
  font-weight: 700;
  cursor: pointer;
  & input {
    width: 24px;
    height: 24px;
    margin: 0;
    accent-color: ${({ theme }) => theme.color.accent};
    cursor: pointer;
  }
`;

const Provider = styled.span`
  font-size: 0.6875rem;
  color: ${({ theme }) => theme.color.textMuted};
  text-align: right;
`;

/**
 * The store's bot check for `action` (login, sign-up). With botCheck 'sandbox' a checkbox
 * 「私はロボットではありません」 stands in for a hosted challenge: ticking it yields
 * `sandbox-pass:<action>`, the token the sandbox verifier accepts. With 'off' nothing is shown
 * and no token is needed.
 */
export function useBotCheck(action: BotAction) {
  const kind = useRootData().storeSettingData.botCheck;
  const [ticked, setTicked] = useState(false);
  const reset = useCallback(() => setTicked(false), []);
  const required = kind === 'sandbox';
  const token = required && ticked ? `sandbox-pass:${action}` : undefined;
  const widget = required ? (
    <Box>
      <Label>
        <input type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} />
        <Trans>私はロボットではありません</Trans>
      </Label>
      <Provider aria-hidden="true">sandbox</Provider>
    </Box>
  ) : null;
  return { widget, token, ready: !required || ticked, reset };
}
