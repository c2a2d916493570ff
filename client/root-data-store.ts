import type { RootData } from '#domain/root-data.ts';

let browserRootData: RootData | undefined;

/** In the browser: keeps the root data the page was hydrated with, for client navigations. */
export function rememberRootData(rootData: RootData | undefined): void {
  if (typeof window !== 'undefined' && rootData) browserRootData = rootData;
}

export function rememberedRootData(): RootData | undefined {
  return browserRootData;
}
