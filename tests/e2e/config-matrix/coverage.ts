/**
 * What the matrix must cover, read from the schema itself (a new theme, usage or option makes
 * the coverage test fail until a store uses it), and what it does cover.
 */

import { customAssociatedInfo, footerLink, type StoreSettings, signupFields, storeSettings } from '#config-schema/index.ts';
import { PROFILE_FIELDS } from '#domain/validation/profile-field-list.ts';
import { contrastRatio } from '#themes/contrast.ts';

export type Dimension = { name: string; wanted: string[]; covered: string[] };

const shape = storeSettings.shape;
const usages = signupFields.shape.name.unwrap().options;
const pairs = (a: readonly string[], b: readonly string[]) => a.flatMap((x) => b.map((y) => `${x} + ${y}`));
const bools = ['true', 'false'];
const nearWhite = (hex: string) => contrastRatio(hex, '#ffffff') < 1.1;
const nearBlack = (hex: string) => contrastRatio(hex, '#000000') < 1.1;

/** One entry per dimension: every wanted value must be among the covered ones. */
export function coverage(stores: readonly StoreSettings[]): Dimension[] {
  const each = (name: string, wanted: readonly string[], of: (s: StoreSettings) => Array<string | boolean>): Dimension => ({
    name,
    wanted: [...wanted],
    covered: [...new Set(stores.flatMap((s) => of(s).map(String)))],
  });
  const enabledLinks = (s: StoreSettings) => s.footers.footerLinks.filter((l) => l.enabled);
  const themeKind = (s: StoreSettings) => (s.theme === 'cinema' ? 'dark' : 'light');
  return [
    each('theme', shape.theme.unwrap().options, (s) => [s.theme]),
    each('defaultLanguage', shape.defaultLanguage.unwrap().options, (s) => [s.defaultLanguage]),
    each('defaultLoginType + signupPolicyFirst', pairs(shape.defaultLoginType.unwrap().options, bools), (s) => [
      `${s.defaultLoginType} + ${s.signupPolicyFirst}`,
    ]),
    each('genderInputType + disallowUnknownGender', pairs(shape.genderInputType.unwrap().options, bools), (s) =>
      s.signupFields.sex === 'NOT_USE' ? [] : [`${s.genderInputType} + ${s.disallowUnknownGender}`],
    ),
    each('passwordStrength', shape.passwordStrength.unwrap().options, (s) => (s.features.password ? [s.passwordStrength] : [])),
    each('sign-up field usage', pairs(PROFILE_FIELDS, usages), (s) =>
      PROFILE_FIELDS.map((f) => `${f} + ${f === 'userId' && !s.features.userId ? 'NOT_USE' : s.signupFields[f]}`),
    ),
    each('store question type + rule', pairs(customAssociatedInfo.shape.type.options, usages), (s) =>
      s.signupFields.customAssociatedInfo.map((c) => `${c.type} + ${c.rule}`),
    ),
    each('footer link displayType', footerLink.shape.displayType.unwrap().options, (s) => enabledLinks(s).map((l) => l.displayType)),
    each('footer link type + external', pairs(footerLink.shape.type.options, bools), (s) =>
      enabledLinks(s).map((l) => `${l.type} + ${l.external}`),
    ),
    each('footer link disabled / no footer links', ['disabled', 'none'], (s) => [
      ...(s.footers.footerLinks.some((l) => !l.enabled) ? ['disabled'] : []),
      ...(s.footers.footerLinks.length === 0 ? ['none'] : []),
    ]),
    each('social links', ['all', 'some', 'none'], (s) => {
      const n = Object.values(s.footers.socialMediaLinks).filter(Boolean).length;
      return [n === 0 ? 'none' : n === 4 ? 'all' : 'some'];
    }),
    each('enablePoweredByPvs', bools, (s) => [s.enablePoweredByPvs]),
    each('gtmId set', bools, (s) => [s.gtmId !== undefined]),
    each('botCheck', shape.botCheck.unwrap().options, (s) => [s.botCheck]),
    each('plans', ['some', 'none'], (s) => [s.plans.length > 0 ? 'some' : 'none']),
    each('policies', ['some', 'none'], (s) => [s.policies.length > 0 ? 'some' : 'none']),
    each(
      'features',
      Object.keys(shape.features.unwrap().shape).flatMap((f) => [`${f} on`, `${f} off`]),
      (s) => Object.entries(s.features).map(([f, on]) => `${f} ${on ? 'on' : 'off'}`),
    ),
    each('extreme accent on a light and a dark theme', pairs(['near-white', 'near-black'], ['light', 'dark']), (s) => [
      ...(nearWhite(s.colors.accentColor) ? [`near-white + ${themeKind(s)}`] : []),
      ...(nearBlack(s.colors.accentColor) ? [`near-black + ${themeKind(s)}`] : []),
    ]),
    each('longest service name', [String(shape.serviceName.maxLength)], (s) => [String([...s.serviceName].length)]),
  ];
}
