import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { playStream, type StreamFailure } from './play-stream.ts';

const Frame = styled.div`
  background: #000;
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  & video {
    display: block;
    width: 100%;
    aspect-ratio: 16 / 9;
    background: #000;
  }
`;

/** The controls in the store's playerColor (spec: colors.playerColor, "Video player controls"). */
const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 8px 12px;
  background: ${({ theme }) => theme.color.player};
  color: ${({ theme }) => theme.color.onPlayer};
  font-variant-numeric: tabular-nums;
  font-size: 0.875rem;
`;

const PlayButton = styled.button`
  min-width: 44px;
  min-height: 44px;
  padding: 0 12px;
  border: 2px solid currentColor;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;

const Track = styled.div`
  position: relative;
  flex: 1;
  height: 6px;
  border-radius: 3px;
  background: color-mix(in srgb, currentColor 30%, transparent);
  & > span {
    position: absolute;
    inset: 0 auto 0 0;
    border-radius: 3px;
    background: currentColor;
  }
`;

const clock = (seconds: number) => {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A video player for one HLS stream: the video, and a bar in the store's playerColor with play or
 * pause, the progress and the time. `onFailure` hears what stops playback for good.
 */
export function Player(props: { streamUrl: string; title: string; onFailure: (kind: StreamFailure) => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const { streamUrl, onFailure } = props;
  // Until the stream is attached (hls.js still loading on a slow phone), a press on play is kept and
  // carried out once it is: attaching the stream loads the element again, which can undo a play
  // begun just before (a CI run lost such a press).
  const attached = useRef(false);
  const wanted = useRef(false);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let teardown = () => {};
    let gone = false;
    attached.current = false;
    playStream(el, streamUrl, onFailure).then(
      (stop) => {
        if (gone) {
          stop();
          return;
        }
        teardown = stop;
        attached.current = true;
        if (wanted.current) {
          wanted.current = false;
          el.play().catch(() => setPlaying(false));
        }
      },
      () => onFailure('media'),
    );
    return () => {
      gone = true;
      teardown();
    };
  }, [streamUrl, onFailure]);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (!attached.current) {
      wanted.current = !wanted.current;
      setPlaying(wanted.current);
    } else if (el.paused) el.play().catch(() => undefined);
    else el.pause();
  };
  const sync = () => {
    const el = video.current;
    if (el) setTime({ current: el.currentTime, duration: el.duration });
  };
  const share = time.duration > 0 ? Math.min(100, (time.current / time.duration) * 100) : 0;

  return (
    <Frame>
      <video
        ref={video}
        playsInline
        muted
        aria-label={props.title}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={sync}
        onDurationChange={sync}
        onError={() => onFailure('media')}
        onClick={toggle}
      />
      <Bar>
        <PlayButton type="button" onClick={toggle} aria-pressed={playing}>
          {playing ? t`一時停止` : t`再生`}
        </PlayButton>
        <Track role="progressbar" aria-label={t`再生位置`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share)}>
          <span style={{ width: `${share}%` }} />
        </Track>
        <span>
          {clock(time.current)} / {clock(time.duration)}
        </span>
      </Bar>
    </Frame>
  );
}
