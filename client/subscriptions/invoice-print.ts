import { css } from '@emotion/react';

/**
 * The print rules of the invoice page: one A4 page with the sheet alone (no header, menus, footer
 * or buttons), black on white.
 */
export const invoicePrint = css`
  @page {
    size: A4;
    margin: 12mm;
  }
  @media print {
    body {
      background: #fff !important;
    }
    header,
    footer,
    nav,
    [data-no-print] {
      display: none !important;
    }
    main,
    main > * {
      padding: 0 !important;
      max-width: none !important;
    }
    [data-invoice] {
      max-width: none;
      border: 0;
      padding: 0;
      break-inside: avoid;
    }
  }
`;
