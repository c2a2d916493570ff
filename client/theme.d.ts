import '@emotion/react';
import type { AppTheme } from '#themes/build-theme.ts';

declare module '@emotion/react' {
  export interface Theme extends AppTheme {}
}
