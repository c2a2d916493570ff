import '@emotion/react';
import type { StyleTheme } from '#themes/css-vars.ts';

declare module '@emotion/react' {
  export interface Theme extends StyleTheme {}
}
