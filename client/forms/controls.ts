// The look of form controls: large enough to tap (44 px), the store's accent on focus, and a
// danger border plus a message (never colour alone) when a value is wrong.
import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';

export const controlStyles = (theme: Theme) => css`
  display: block;
  width: 100%;
  min-height: 48px;
  padding: 10px 14px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.controlBackground};
  color: ${theme.color.text};
  font: inherit;
  font-size: 1rem;
  line-height: 1.5;
  /* A field focused for its error stays clear of the sticky header. */
  scroll-margin-top: 96px;
  &::placeholder {
    color: ${theme.color.textMuted};
    opacity: 0.8;
  }
  &:focus-visible {
    outline: 3px solid ${theme.color.focusRing};
    outline-offset: 1px;
    border-color: ${theme.color.focusRing};
  }
  &[aria-invalid='true'] {
    border: 2px solid ${theme.color.danger};
  }
  &:disabled,
  &[readonly] {
    background: ${theme.color.background};
    color: ${theme.color.textMuted};
  }
`;

export const Input = styled.input(({ theme }) => controlStyles(theme));

export const Textarea = styled.textarea(
  ({ theme }) => css`
    ${controlStyles(theme)};
    min-height: 120px;
    resize: vertical;
  `,
);

export const Select = styled.select(
  ({ theme }) => css`
    ${controlStyles(theme)};
    appearance: none;
    padding-right: 40px;
    background-image: linear-gradient(45deg, transparent 50%, ${theme.color.textMuted} 50%),
      linear-gradient(135deg, ${theme.color.textMuted} 50%, transparent 50%);
    background-position:
      calc(100% - 20px) 52%,
      calc(100% - 15px) 52%;
    background-size: 5px 5px;
    background-repeat: no-repeat;
    cursor: pointer;
  `,
);

/** A choice (radio or checkbox) with its label, the whole row tappable. */
export const ChoiceLabel = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  padding: 6px 0;
  cursor: pointer;
  & input {
    flex: none;
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.color.accent};
    cursor: pointer;
    scroll-margin-top: 96px;
  }
`;

/** A button that reads as a link (switches, resend, show password). */
export const LinkButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.accentText};
  font: inherit;
  font-weight: 700;
  text-decoration: underline;
  text-underline-offset: 0.2em;
  cursor: pointer;
  &[aria-disabled='true'],
  &:disabled {
    color: ${({ theme }) => theme.color.textMuted};
    text-decoration: none;
    cursor: not-allowed;
  }
`;

/** An inline link in the accent colour. */
export const TextLink = styled.a`
  color: ${({ theme }) => theme.color.accentText};
  font-weight: 700;
  text-underline-offset: 0.2em;
`;

/** Radios or checkboxes side by side, wrapping on narrow screens. */
export const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 24px;
`;
