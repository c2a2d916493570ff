import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { fetchPlayback, type Playback } from '#client/api/playback-calls.ts';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { defaultErrorText, summaryText } from '#client/forms/server-error.ts';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import type { StreamFailure } from '#client/watch/play-stream.ts';
import { Player } from '#client/watch/player.tsx';
import type { ErrorObject } from '#domain/errors.ts';
import { formatJstDateTime } from '#domain/jst-date-time.ts';

const Heading = styled.h2`
  margin: 0 0 12px;
  font-size: 1.125rem;
  overflow-wrap: anywhere;
`;
const Note = styled.p`
  margin: 12px 0 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 16px 0 0;
  & a {
    color: ${({ theme }) => theme.color.accentText};
    font-weight: 600;
  }
`;

type State = { kind: 'loading' } | { kind: 'ready'; playback: Playback } | { kind: 'refused'; error: ErrorObject };

/**
 * The player (decision 0046): asks playback for the title and plays the stream it answers; a
 * refusal (not entitled, a rental's window over) shows the server's error in the viewer's language.
 */
export default function Page() {
  const { t, i18n } = useLingui();
  const { refId } = useScreenData('/mypage/watch/@refId');
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [failure, setFailure] = useState<StreamFailure | null>(null);
  const onFailure = useCallback((kind: StreamFailure) => setFailure(kind), []);

  useEffect(() => {
    let gone = false;
    setState({ kind: 'loading' });
    setFailure(null);
    fetchPlayback(refId).then((result) => {
      if (gone) return;
      setState(result.ok ? { kind: 'ready', playback: result.data } : { kind: 'refused', error: result.error });
    });
    return () => {
      gone = true;
    };
  }, [refId]);

  return (
    <MyPageFrame title={t`動画を見る`} backTo="/mypage">
      <Heading>{refId}</Heading>
      {state.kind === 'loading' ? (
        <Note role="status">
          <Trans>読み込み中…</Trans>
        </Note>
      ) : null}
      {state.kind === 'refused' ? (
        <>
          <FormAlert>{summaryText(i18n, state.error, defaultErrorText(i18n))}</FormAlert>
          <Links>
            <a href="/plans">
              <Trans>プラン一覧へ</Trans>
            </a>
            <a href="/mypage">
              <Trans>マイページへ</Trans>
            </a>
          </Links>
        </>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          {failure ? (
            <FormAlert>
              {failure === 'unsupported'
                ? t`このブラウザでは動画を再生できません。`
                : t`動画を再生できませんでした。時間をおいて、もう一度お試しください。`}
            </FormAlert>
          ) : null}
          <Player streamUrl={state.playback.streamUrl} title={refId} onFailure={onFailure} />
          {state.playback.expiresAt ? (
            <Note>
              <Trans>視聴期限：{formatJstDateTime(state.playback.expiresAt, { seconds: false })}</Trans>
            </Note>
          ) : null}
        </>
      ) : null}
    </MyPageFrame>
  );
}
