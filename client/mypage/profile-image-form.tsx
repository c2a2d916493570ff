import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { setProfileImage } from '#client/api/profile-calls.ts';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { defaultErrorText, summaryText } from '#client/forms/server-error.ts';
import { useHydrated } from '#client/forms/use-hydrated.ts';

import { announceProfileImage } from '#client/layout/use-profile-image.ts';
import { Stack, Text } from '#client/ui/blocks.ts';
import { Button } from '#client/ui/button.ts';
import { isProfileImageType, PROFILE_IMAGE_SIZE } from '#domain/validation/profile-image.ts';
import { squareImageDataUrl } from './square-image.ts';

const Preview = styled.div`
  width: ${PROFILE_IMAGE_SIZE}px;
  height: ${PROFILE_IMAGE_SIZE}px;
  border-radius: 50%;
  overflow: hidden;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

type Status = { kind: 'saved' | 'deleted' } | { kind: 'error'; message: string } | null;

/**
 * The profile image (spec 5): a JPEG, PNG or GIF is cropped to its centred square and resized to
 * 200 x 200 here, shown, and saved by 保存する; 削除する removes the saved one.
 */
export function ProfileImageForm({ initialUrl }: { initialUrl: string | null }) {
  const { i18n, t } = useLingui();
  const hydrated = useHydrated();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState(initialUrl);
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const shown = picked ?? saved;

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setStatus(null);
    if (!file) return;
    const invalid = t`JPEG、PNG、GIF形式の画像を選択してください。`;
    if (!isProfileImageType(file.type)) {
      setPicked(null);
      setStatus({ kind: 'error', message: invalid });
      return;
    }
    try {
      setPicked(await squareImageDataUrl(file));
    } catch {
      setPicked(null);
      setStatus({ kind: 'error', message: invalid });
    }
  };

  const send = async (profileImage: string | null) => {
    setBusy(true);
    setStatus(null);
    const result = await setProfileImage(profileImage);
    setBusy(false);
    if (!result.ok) {
      const field = result.error.fields?.profileImage;
      setStatus({ kind: 'error', message: field ?? summaryText(i18n, result.error, defaultErrorText(i18n)) });
      return;
    }
    setSaved(result.data.profileImageUrl);
    announceProfileImage(result.data.profileImageUrl);
    setPicked(null);
    if (input.current) input.current.value = '';
    setStatus({ kind: profileImage === null ? 'deleted' : 'saved' });
  };

  return (
    <Stack gap={24}>
      <Preview>
        {shown ? (
          <img
            src={shown}
            alt={picked ? t`選択した画像のプレビュー` : t`現在のプロフィール画像`}
            width={PROFILE_IMAGE_SIZE}
            height={PROFILE_IMAGE_SIZE}
          />
        ) : (
          <span>{t`画像なし`}</span>
        )}
      </Preview>
      <Stack gap={8}>
        <label htmlFor={inputId}>
          <Trans>画像を選択（JPEG、PNG、GIF）</Trans>
        </label>
        <input id={inputId} ref={input} type="file" accept="image/jpeg,image/png,image/gif" disabled={!hydrated || busy} onChange={pick} />
        <Text>
          <Trans>画像の中央が正方形に切り取られ、200×200ピクセルで保存されます。</Trans>
        </Text>
      </Stack>
      <div role="status">
        {status?.kind === 'saved' ? <Text>{t`プロフィール画像を保存しました。`}</Text> : null}
        {status?.kind === 'deleted' ? <Text>{t`プロフィール画像を削除しました。`}</Text> : null}
      </div>
      {status?.kind === 'error' ? (
        <FormAlert>
          <p>{status.message}</p>
        </FormAlert>
      ) : null}
      <Buttons>
        <Button
          type="button"
          variant="primary"
          disabled={!hydrated || busy || !picked}
          aria-busy={busy || undefined}
          onClick={() => send(picked)}
        >
          <Trans>保存する</Trans>
        </Button>
        {saved ? (
          <Button type="button" variant="secondary" disabled={!hydrated || busy} onClick={() => send(null)}>
            <Trans>削除する</Trans>
          </Button>
        ) : null}
      </Buttons>
    </Stack>
  );
}
