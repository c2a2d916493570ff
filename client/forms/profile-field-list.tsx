import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { PROFILE_FIELDS, type ProfileField } from '#domain/validation/profile-field-list.ts';
import type { Usage } from './field.tsx';
import { PostalCodeField } from './postal-code-field.tsx';
import { BirthdayField, MessageField, PhoneField, PrefectureField, TextProfileField } from './profile-inputs.tsx';
import { SexField } from './sex-field.tsx';
import { UserIdField } from './user-id-field.tsx';

/** Two short fields side by side (姓・名, セイ・メイ), also on a phone. */
const Pair = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  align-items: start;
`;

const PAIRS: Partial<Record<ProfileField, ProfileField>> = { familyName: 'givenName', familyNameKana: 'givenNameKana' };

function one(name: ProfileField, usage: Usage, usages: Record<ProfileField, Usage | 'NOT_USE'>): ReactNode {
  switch (name) {
    case 'userId':
      return <UserIdField key={name} usage={usage} />;
    case 'sex':
      return <SexField key={name} usage={usage} />;
    case 'birthday':
      return <BirthdayField key={name} usage={usage} />;
    case 'phoneNumber':
      return <PhoneField key={name} usage={usage} />;
    case 'postalCode':
      return (
        <PostalCodeField
          key={name}
          usage={usage}
          fills={{ prefecture: usages.prefecture !== 'NOT_USE', address: usages.address !== 'NOT_USE' }}
        />
      );
    case 'prefecture':
      return <PrefectureField key={name} usage={usage} />;
    case 'message':
      return <MessageField key={name} usage={usage} />;
    default:
      return <TextProfileField key={name} name={name} usage={usage} />;
  }
}

/** The standard profile fields in use, in the order of spec 3; NOT_USE fields are absent. */
export function ProfileFieldList({ usages }: { usages: Record<ProfileField, Usage | 'NOT_USE'> }) {
  const out: ReactNode[] = [];
  for (const name of PROFILE_FIELDS) {
    const usage = usages[name];
    if (usage === 'NOT_USE') continue;
    const partner = PAIRS[name];
    const partnerUsage = partner ? usages[partner] : 'NOT_USE';
    if (partner && partnerUsage !== 'NOT_USE') {
      out.push(
        <Pair key={name}>
          {one(name, usage, usages)}
          {one(partner, partnerUsage, usages)}
        </Pair>,
      );
      continue;
    }
    // The second of a pair was drawn with the first.
    const first = (Object.keys(PAIRS) as ProfileField[]).find((k) => PAIRS[k] === name);
    if (first && usages[first] !== 'NOT_USE') continue;
    out.push(one(name, usage, usages));
  }
  return <>{out}</>;
}
