import { useLingui } from '@lingui/react/macro';
import { ExternalIdList } from '#client/external-ids/external-id-list.tsx';
import { accountRowText, privacyRowText } from '#client/mypage/account-row-texts.ts';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { LinkRow, Row, RowLabel, RowLink, Rows, RowValue, Section, SectionTitle } from '#client/mypage/row-list.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { SubscriptionCard, SubscriptionList } from '#client/subscriptions/subscription-card.tsx';
import { WatchList } from '#client/watch/watch-list.tsx';
import { PRIVACY_ROW_PATHS } from '#domain/mypage/account-rows.ts';

/** The account top (spec 2): the contracted plans (none in the app), the account rows and the privacy rows the store's flags leave. */
export default function Page() {
  const { i18n, t } = useLingui();
  const data = useScreenData('/mypage');
  return (
    <MyPageFrame title={t`マイページ`}>
      {data.contracted.length > 0 ? (
        <Section aria-labelledby="mypage-plans">
          <SectionTitle id="mypage-plans">{t`ご契約中のプラン`}</SectionTitle>
          <SubscriptionList>
            {data.contracted.map((s) => (
              <li key={s.subscriptionId}>
                <SubscriptionCard subscription={s} />
              </li>
            ))}
          </SubscriptionList>
        </Section>
      ) : null}
      {data.watchable.length > 0 ? <WatchList entries={data.watchable} /> : null}
      <Section aria-labelledby="mypage-account">
        <SectionTitle id="mypage-account">{t`アカウント情報`}</SectionTitle>
        <Rows>
          {data.accountRows.map((row) => {
            const text = accountRowText(i18n, row, data);
            return (
              <Row key={row.kind} data-row={row.kind}>
                <RowLabel>{text.label}</RowLabel>
                <RowValue>{text.value}</RowValue>
                {row.href && <RowLink href={row.href}>{text.action}</RowLink>}
              </Row>
            );
          })}
        </Rows>
      </Section>
      {data.externalIds && data.externalIds.length > 0 ? <ExternalIdList entries={data.externalIds} /> : null}
      <Section aria-labelledby="mypage-privacy">
        <SectionTitle id="mypage-privacy">{t`プライバシーとセキュリティ`}</SectionTitle>
        <Rows>
          {data.privacyRows.map((kind) => (
            <li key={kind} data-row={kind}>
              <LinkRow href={PRIVACY_ROW_PATHS[kind]}>{privacyRowText(i18n, kind)}</LinkRow>
            </li>
          ))}
        </Rows>
      </Section>
    </MyPageFrame>
  );
}
