import { useLingui } from '@lingui/react/macro';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { ProfileImageForm } from '#client/mypage/profile-image-form.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/mypage/profile/edit');
  return (
    <MyPageFrame title={t`プロフィール画像の編集`}>
      <ProfileImageForm initialUrl={data.profileImageUrl} />
    </MyPageFrame>
  );
}
