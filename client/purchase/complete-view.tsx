import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '#client/ui/button.ts';
import { formatJstDateTime } from '#domain/jst-date-time.ts';
import type { ScreenData } from '#domain/screen-data.ts';

/** The completion (spec 4): the plan's orderCompletedMessage, a rental's viewing window, back to the top. */
export function CompleteView({ data }: { data: ScreenData<'/plans/@planId/complete'> }) {
  return (
    <>
      <p>
        <Trans>「{data.planName}」のお手続きが完了しました。</Trans>
      </p>
      {data.orderCompletedMessage && <p style={{ whiteSpace: 'pre-line' }}>{data.orderCompletedMessage}</p>}
      {data.entitlementExpiration && (
        <p>
          <Trans>視聴期限：{formatJstDateTime(data.entitlementExpiration, { seconds: false })}</Trans>
        </p>
      )}
      <ButtonLink href="/">
        <Trans>トップページへ戻る</Trans>
      </ButtonLink>
    </>
  );
}
