import styled from '@emotion/styled';
import { Plural, Trans } from '@lingui/react/macro';
import { LinkButton } from '#client/forms/controls.ts';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0 10px;
  font-size: 0.9375rem;
`;

const Wait = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
  font-variant-numeric: tabular-nums;
`;

/**
 * The resend link of a code form: disabled while the countdown runs and while anything is being
 * sent (spec 4), with the wait beside it (`waitId` names it for the link's description).
 */
export function ResendLink(props: { codeName: string; left: number; busy: boolean; onResend: () => void; waitId: string }) {
  const { codeName, left } = props;
  const waiting = left > 0;
  return (
    <Row>
      <LinkButton
        type="button"
        aria-disabled={waiting || props.busy}
        onClick={() => {
          if (!waiting && !props.busy) props.onResend();
        }}
        aria-describedby={waiting ? props.waitId : undefined}
      >
        <Trans>{codeName}を再送信</Trans>
      </LinkButton>
      {waiting ? (
        <Wait id={props.waitId}>
          <Plural value={left} other="（#秒後に再送信できます）" />
        </Wait>
      ) : null}
    </Row>
  );
}
