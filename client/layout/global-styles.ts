import type { Theme } from '@emotion/react';
import { css } from '@emotion/react';

export const globalStyles = (theme: Theme) => css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    font-family: ${theme.fontFamily};
    background: ${theme.color.background};
    color: ${theme.color.text};
    line-height: 1.7;
    overflow-wrap: break-word;
    -webkit-font-smoothing: antialiased;
  }
  h1,
  h2,
  h3 {
    line-height: 1.4;
    word-break: auto-phrase;
  }
  a {
    color: inherit;
  }
  :focus-visible {
    outline: 3px solid ${theme.color.focusRing};
    outline-offset: 2px;
  }
  img {
    max-width: 100%;
  }
  @media (prefers-reduced-motion: reduce) {
    html {
      scroll-behavior: auto;
    }
  }
`;
