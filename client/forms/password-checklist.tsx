import styled from '@emotion/styled';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CheckCircleIcon } from '#client/ui/icons.tsx';
import { VisuallyHidden } from '#client/ui/visually-hidden.ts';
import type { PasswordStrength } from '#domain/validation/password.ts';
import { type PasswordRule, passwordChecklist } from './password-rules.ts';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 2px 16px;
  margin: 0;
  padding: 10px 14px;
  list-style: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  font-size: 0.8125rem;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: 6px;
  color: ${({ theme }) => theme.color.textMuted};
  &[data-met='true'] {
    color: ${({ theme }) => theme.color.success};
    font-weight: 700;
  }
`;

const Dot = styled.span`
  display: inline-block;
  flex: none;
  width: 16px;
  height: 16px;
  border: 2px solid currentColor;
  border-radius: 50%;
`;

function ruleText(i18n: I18n, rule: PasswordRule): string {
  switch (rule) {
    case 'length':
      return t(i18n)`8文字以上30文字以下`;
    case 'lowercase':
      return t(i18n)`英小文字（a〜z）を含む`;
    case 'digit':
      return t(i18n)`数字（0〜9）を含む`;
    case 'uppercase':
      return t(i18n)`英大文字（A〜Z）を含む`;
    case 'symbol':
      return t(i18n)`記号（!#$%など）を含む`;
    case 'chars':
      return t(i18n)`半角英数字と記号のみ`;
  }
}

/** The store's password rules, each ticked once the typed password meets it. */
export function PasswordChecklist({ password, strength, id }: { password: string; strength: PasswordStrength; id?: string }) {
  const { i18n, t } = useLingui();
  return (
    <List id={id} aria-label={t`パスワードの条件`}>
      {passwordChecklist(password, strength).map(({ rule, met }) => (
        <Item key={rule} data-met={met}>
          {met ? <CheckCircleIcon /> : <Dot aria-hidden="true" />}
          <span>{ruleText(i18n, rule)}</span>
          <VisuallyHidden>{met ? t`（満たしています）` : t`（未達成）`}</VisuallyHidden>
        </Item>
      ))}
    </List>
  );
}
