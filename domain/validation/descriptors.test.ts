import { describe, expect, it } from 'vitest';
import { validationDescriptors } from './descriptors.ts';
import { JA_MESSAGES, validationMessageKeys } from './messages.ts';

describe('validation descriptors', () => {
  it('give every key a Lingui message whose Japanese source is the key’s exact text', () => {
    expect(Object.keys(validationDescriptors).sort()).toEqual([...validationMessageKeys].sort());
    for (const key of validationMessageKeys) expect(validationDescriptors[key].message).toBe(JA_MESSAGES[key]);
  });
});
