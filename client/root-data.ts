import { usePageContext } from 'vike-react/usePageContext';
import type { RootData } from '#domain/root-data.ts';

/** The root data of the current page (authId, storeSettingData, browserInfo, lang). */
export function useRootData(): RootData {
  return usePageContext().rootData;
}
