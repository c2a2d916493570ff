import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';
export type ButtonSize = 'sm' | 'md' | 'lg';

type ButtonProps = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

const sizes: Record<ButtonSize, string> = {
  sm: 'min-height: 36px; padding: 6px 14px; font-size: 0.875rem;',
  md: 'min-height: 44px; padding: 10px 20px; font-size: 0.9375rem;',
  lg: 'min-height: 52px; padding: 12px 28px; font-size: 1.0625rem;',
};

function variantStyles(theme: Theme, variant: ButtonVariant) {
  const c = theme.color;
  switch (variant) {
    case 'primary':
      return css`
        background: ${c.accent};
        color: ${c.onAccent};
        border-color: ${c.accent};
        &:hover {
          filter: brightness(${theme.hoverBrightness});
        }
      `;
    case 'secondary':
      return css`
        background: transparent;
        color: ${c.accentText};
        border-color: currentColor;
        &:hover {
          background: ${c.accentSoft};
        }
      `;
    case 'quiet':
      return css`
        background: transparent;
        color: inherit;
        border-color: transparent;
        &:hover {
          text-decoration: underline;
          text-underline-offset: 0.2em;
        }
      `;
  }
}

/**
 * Shared by links and buttons that look like buttons. Disabled ones keep 4.5:1 text. A button
 * disabled only while it waits for the scripts (`data-hydrating`, see SubmitButton) keeps the look
 * it will have once they run.
 */
export const buttonStyles = (theme: Theme, { variant = 'primary', size = 'md', block = false }: ButtonProps) => css`
  display: ${block ? 'flex' : 'inline-flex'};
  width: ${block ? '100%' : 'auto'};
  align-items: center;
  justify-content: center;
  gap: 0.5em;
  ${sizes[size]};
  border: 2px solid transparent;
  border-radius: ${theme.radius.button};
  font-family: inherit;
  font-weight: 700;
  line-height: 1.3;
  letter-spacing: 0.02em;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition:
    filter 0.15s ease,
    background-color 0.15s ease;
  ${variantStyles(theme, variant)};
  &:disabled:not([data-hydrating]),
  &[aria-disabled='true'] {
    background: ${theme.color.background};
    color: ${theme.color.textMuted};
    border: 2px dashed ${theme.color.border};
    cursor: not-allowed;
    filter: none;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const notForwarded = new Set(['variant', 'size', 'block']);
const shouldForwardProp = (prop: string) => !notForwarded.has(prop);

export const ButtonLink = styled('a', { shouldForwardProp })<ButtonProps>(({ theme, ...props }) => buttonStyles(theme, props));
export const Button = styled('button', { shouldForwardProp })<ButtonProps>(({ theme, ...props }) => buttonStyles(theme, props));
