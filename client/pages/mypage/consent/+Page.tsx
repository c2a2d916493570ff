import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextLink } from '#client/forms/controls.ts';
import { ConsentSwitch } from '#client/mypage/consent-switch.tsx';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { ExternalMark } from '#client/ui/external-mark.tsx';
import { consentTitle } from '#domain/mypage/consent-screen.ts';

const List = styled.ul`
  list-style: none;
  margin: 0 0 24px;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const Notes = styled.div`
  display: grid;
  gap: 8px;
  margin-bottom: 24px;
  line-height: 1.7;
  p {
    margin: 0;
  }
`;

/** /mypage/consent?type=newsletter|privacy (spec 2 "Consent screen"). */
export default function Page() {
  const { i18n } = useLingui();
  const data = useScreenData('/mypage/consent');
  return (
    <MyPageFrame title={consentTitle(i18n, data.type)}>
      {data.type === 'privacy' ? (
        <Notes>
          <p>
            <Trans>お客様の個人情報の取り扱いについて、以下の項目ごとに同意するかどうかを選べます。</Trans>
          </p>
          <p>
            <Trans>設定はいつでも変更でき、変更はすぐに反映されます。同意しない場合も、サービスは引き続きご利用いただけます。</Trans>
          </p>
          {data.privacyPolicyHref ? (
            <p>
              <TextLink href={data.privacyPolicyHref} target="_blank" rel="noopener noreferrer">
                <Trans>プライバシーポリシー</Trans>
                <ExternalMark />
              </TextLink>
            </p>
          ) : null}
        </Notes>
      ) : null}
      <List>
        {data.options.map((o) => (
          <ConsentSwitch key={o.consentOptionId} option={o} />
        ))}
      </List>
    </MyPageFrame>
  );
}
