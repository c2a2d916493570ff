import { z } from 'zod';
import { fieldUsage, localizedText, slug } from './common.ts';

export const customAssociatedInfo = z
  .object({
    id: slug.describe('Identifier stored with the member.'),
    title: localizedText,
    type: z.enum(['TEXT', 'SELECT', 'CHECKBOX']).describe('TEXT: free text; SELECT: one of the options; CHECKBOX: one or more options.'),
    rule: fieldUsage,
    maxLength: z.number().int().min(1).max(1000).default(100).describe('TEXT: most characters.'),
    selectOptions: z
      .array(
        z.object({ id: slug.describe('Value stored when the option is chosen.'), label: localizedText.describe('Option text.') }).strict(),
      )
      .default([])
      .describe('Options for SELECT and CHECKBOX.'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type !== 'TEXT' && v.selectOptions.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['selectOptions'], message: `${v.type} needs at least one option` });
    }
  })
  .describe('A store-defined sign-up question.');

const usage = (what: string, def: 'REQUIRED' | 'OPTIONAL' | 'NOT_USE') => fieldUsage.default(def).describe(`Usage of ${what}.`);

export const signupFields = z
  .object({
    userId: usage('the user ID (6-15 half-width alphanumerics; also needs features.userId)', 'NOT_USE'),
    name: usage('the full name', 'NOT_USE'),
    nameKana: usage('the full name in katakana', 'NOT_USE'),
    familyName: usage('the family name', 'NOT_USE'),
    givenName: usage('the given name', 'NOT_USE'),
    familyNameKana: usage('the family name in katakana', 'NOT_USE'),
    givenNameKana: usage('the given name in katakana', 'NOT_USE'),
    nickname: usage('the nickname', 'OPTIONAL'),
    sex: usage('the sex', 'NOT_USE'),
    birthday: usage('the birthday', 'NOT_USE'),
    phoneNumber: usage('the phone number', 'NOT_USE'),
    postalCode: usage('the postal code with address lookup', 'NOT_USE'),
    prefecture: usage('the prefecture', 'NOT_USE'),
    address: usage('the address', 'NOT_USE'),
    message: usage('the free message to the store', 'NOT_USE'),
    customAssociatedInfo: z.array(customAssociatedInfo).max(20).default([]).describe('Store-defined questions.'),
    maxLengths: z
      .object({
        name: z.number().int().min(1).max(200).default(50).describe('Most characters of a name field.'),
        nickname: z.number().int().min(1).max(200).default(30).describe('Most characters of the nickname.'),
        email: z.number().int().min(6).max(254).default(254).describe('Most characters of an e-mail address.'),
        message: z.number().int().min(1).max(2000).default(500).describe('Most characters of the message.'),
        address: z.number().int().min(1).max(500).default(200).describe('Most characters of the address.'),
      })
      .strict()
      .prefault({})
      .describe('Maximum lengths (the spec leaves them as parameters).'),
  })
  .strict()
  .describe('Which sign-up and profile fields exist and whether they are required.');
