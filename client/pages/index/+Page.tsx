import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { HeroArt } from '#client/home/hero-art.tsx';
import { PlanCard } from '#client/plans/plan-card.tsx';
import { PlanGrid } from '#client/plans/plan-grid.ts';
import { useRootData } from '#client/root-data.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { ArrowRightIcon } from '#client/ui/icons.tsx';
import { PageContainer } from '#client/ui/page.ts';
import { pickText } from '#domain/localized-text.ts';

const Hero = styled.section`
  background: ${({ theme }) => theme.color.heroBackground};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const HeroInner = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr);
  align-items: center;
  gap: 48px;
  max-width: 1200px;
  margin: 0 auto;
  padding: 72px 32px;
  ${({ theme }) => theme.mobile} {
    grid-template-columns: 1fr;
    padding: 40px 16px 36px;
  }
`;

const Title = styled.h1`
  margin: 0 0 16px;
  font-size: 2.75rem;
  font-weight: 800;
  letter-spacing: 0.04em;
  ${({ theme }) => theme.mobile} {
    font-size: 1.875rem;
  }
`;

const Lead = styled.p`
  margin: 0 0 32px;
  max-width: 36em;
  font-size: 1.0625rem;
  color: ${({ theme }) => theme.color.textMuted};
  ${({ theme }) => theme.mobile} {
    font-size: 0.9375rem;
    margin-bottom: 24px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  ${({ theme }) => theme.mobile} {
    flex-direction: column;
    align-items: stretch;
  }
`;

const ArtCell = styled.div`
  display: flex;
  justify-content: center;
  ${({ theme }) => theme.mobile} {
    display: none;
  }
`;

const SectionHead = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin-bottom: 24px;
  & h2 {
    margin: 0;
    font-size: 1.5rem;
    ${({ theme }) => theme.mobile} {
      font-size: 1.25rem;
    }
  }
`;

const MoreLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 44px;
  color: ${({ theme }) => theme.color.accentText};
  font-weight: 700;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
    text-underline-offset: 0.2em;
  }
`;

export default function Page() {
  const { t } = useLingui();
  const { storeSettingData: s, lang, authId, browserInfo } = useRootData();
  const data = useScreenData('/');
  const description = pickText(s.serviceDescription, lang);
  const signedIn = authId !== '';
  const showPlans = !browserInfo.isApp;
  return (
    <>
      <Hero aria-labelledby="home-title">
        <HeroInner>
          <div>
            <Title id="home-title">{s.serviceName}</Title>
            {description ? <Lead>{description}</Lead> : null}
            <Actions>
              {signedIn ? null : (
                <ButtonLink href="/signup" variant="primary" size="lg">
                  <Trans>新規登録</Trans>
                </ButtonLink>
              )}
              {showPlans ? (
                <ButtonLink href="/plans" variant="primary" size="lg">
                  <Trans>プランを見る</Trans>
                  <ArrowRightIcon />
                </ButtonLink>
              ) : null}
              {signedIn ? null : (
                <ButtonLink href="/login" variant="secondary" size="lg">
                  <Trans>ログイン</Trans>
                </ButtonLink>
              )}
            </Actions>
          </div>
          <ArtCell>
            <HeroArt />
          </ArtCell>
        </HeroInner>
      </Hero>
      {showPlans && data.plans.length > 0 ? (
        <PageContainer as="section" aria-labelledby="home-plans">
          <SectionHead>
            <h2 id="home-plans">
              <Trans>おすすめのプラン</Trans>
            </h2>
            {data.hasPlans ? (
              <MoreLink href="/plans">
                {t`すべてのプランを見る`}
                <ArrowRightIcon />
              </MoreLink>
            ) : null}
          </SectionHead>
          <PlanGrid>
            {data.plans.map((plan) => (
              <li key={plan.planId}>
                <PlanCard plan={plan} headingLevel={3} />
              </li>
            ))}
          </PlanGrid>
        </PageContainer>
      ) : null}
    </>
  );
}
