/**
 * My Page basic-information edit and profile image, as a member uses them (issue 8): aozora in
 * Japanese (name, kana, sex, birthday; profile images on) and midori in English (split names,
 * postal lookup, the store's own questions; no profile images). Every screen is checked with axe.
 */
import { expect, type Page, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton } from '../identity/support.ts';
import { signUpByCalls, widePng } from './profile-support.ts';

type Axe = (page: Page) => Promise<unknown[]>;

async function axeClean(page: Page, axe: Axe, what: string) {
  await waitForHydration(page);
  expect.soft(await axe(page), `${what}: serious or critical axe violations`).toEqual([]);
}

test.describe('aozora (Japanese, profile images on)', () => {
  test('edits the basic information, prefilled from the sign-up', async ({ page, storeUrl, axe }) => {
    await signUpByCalls(page, storeUrl, 'aozora', { name: '青空 花子', nameKana: 'アオゾラ　ハナコ', sex: '2', birthday: '19920315' });
    await page.goto(storeUrl('aozora', '/mypage/edit'));
    await expect(page.getByRole('heading', { level: 1, name: '基本情報の編集' })).toBeVisible();
    await expect(field(page, 'textbox', '氏名')).toHaveValue('青空 花子');
    await expect(field(page, 'combobox', '性別')).toHaveValue('2');
    await expect(field(page, 'textbox', '生年月日')).toHaveValue('1992/03/15');
    // Neither the user ID nor the message to the store is part of the edit.
    await expect(field(page, 'textbox', 'メッセージ')).toHaveCount(0);
    await axeClean(page, axe, '/mypage/edit');

    // A required field left empty: the message on the field, nothing sent.
    await field(page, 'textbox', '氏名').fill('');
    await mainButton(page, '変更する').click();
    await expect(field(page, 'textbox', '氏名')).toHaveAttribute('aria-invalid', 'true');
    await axeClean(page, axe, '/mypage/edit (with errors)');

    await field(page, 'textbox', '氏名').fill('青空 次郎');
    await field(page, 'combobox', '性別').selectOption({ label: '男性' });
    // The birthday formats itself as it is typed, and clamps a month past 12.
    await field(page, 'textbox', '生年月日').fill('');
    await field(page, 'textbox', '生年月日').pressSequentially('19881');
    await expect(field(page, 'textbox', '生年月日')).toHaveValue('1988/1');
    await field(page, 'textbox', '生年月日').pressSequentially('504');
    await expect(field(page, 'textbox', '生年月日')).toHaveValue('1988/12/04');
    await mainButton(page, '変更する').click();
    await expect(page).toHaveURL(storeUrl('aozora', '/mypage/edit/complete'));
    await expect(page.getByRole('heading', { level: 1, name: '会員情報変更完了' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'マイページへ戻る' })).toHaveAttribute('href', '/mypage');
    await axeClean(page, axe, '/mypage/edit/complete');

    await page.goto(storeUrl('aozora', '/mypage/edit'));
    await expect(field(page, 'textbox', '氏名')).toHaveValue('青空 次郎');
    await expect(field(page, 'combobox', '性別')).toHaveValue('1');
    await expect(field(page, 'textbox', '生年月日')).toHaveValue('1988/12/04');
  });

  test('uploads a profile image cropped to 200 x 200, in English, and deletes it', async ({ page, storeUrl, axe }) => {
    await signUpByCalls(page, storeUrl, 'aozora', { name: '青空 花子', nameKana: 'アオゾラ', sex: '2', birthday: '19920315' });
    await page.goto(storeUrl('aozora', '/mypage/profile/edit?lang=en'));
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile image' })).toBeVisible();
    await expect(main.getByText('No image')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Save' })).toBeDisabled();
    await axeClean(page, axe, '/mypage/profile/edit');

    // Not a picture: refused before anything is sent.
    await page
      .getByLabel('Choose an image (JPEG, PNG or GIF)')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(main.getByText('Please choose a JPEG, PNG or GIF image.')).toBeVisible();

    await page
      .getByLabel('Choose an image (JPEG, PNG or GIF)')
      .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: widePng(300, 120) });
    const preview = main.getByRole('img', { name: 'Preview of the chosen image' });
    await expect(preview).toBeVisible();
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Your profile image has been saved.')).toBeVisible();
    const saved = main.getByRole('img', { name: 'Current profile image' });
    await expect(saved).toHaveAttribute('src', /^\/zapi\/account\/profile-image\/[A-Za-z0-9_-]{22}$/);
    // The centred square of the 300 x 120 picture, at 200 x 200: orange on the right half, blue on the left.
    const size = await saved.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([200, 200]);
    await axeClean(page, axe, '/mypage/profile/edit (saved)');
    const src = await saved.getAttribute('src');
    const headerImage = page.getByRole('banner').getByRole('button', { name: 'Account menu' }).locator('img');
    // The header's account menu shows the new picture at once, without a reload.
    await expect(headerImage).toHaveAttribute('src', src ?? '');

    // The page, loaded again, shows the saved picture, and so does the header
    // (GET /zapi/internal/account-header/screen-data).
    await page.reload();
    await expect(main.getByRole('img', { name: 'Current profile image' })).toHaveAttribute('src', src ?? '');
    await expect(page.getByRole('banner').locator(`img[src="${src}"]`)).toBeVisible();
    await main.getByRole('button', { name: 'Delete' }).click();
    await expect(main.getByText('Your profile image has been deleted.')).toBeVisible();
    await expect(main.getByText('No image')).toBeVisible();
    // The header's picture goes at once too: the default avatar again.
    await expect(headerImage).toHaveCount(0);
  });
});

test.describe('midori (English, no profile images)', () => {
  test('edits split names, the store questions and the address found by postal code', async ({
    page,
    storeUrl,
    axe,
    allowConsoleErrors,
  }) => {
    await signUpByCalls(page, storeUrl, 'midori', {
      familyName: '森',
      givenName: '花子',
      familyNameKana: 'モリ',
      prefecture: '1',
      customAssociatedInfo: [
        { id: 'referral', value: 'tv' },
        { id: 'interests', value: ['forest'] },
        { id: 'organization', value: '' },
      ],
    });
    await page.goto(storeUrl('midori', '/mypage/edit?lang=en'));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit basic information' })).toBeVisible();
    await expect(field(page, 'textbox', 'Family name')).toHaveValue('森');
    await expect(field(page, 'textbox', 'Family name (katakana)')).toHaveValue('モリ');
    await expect(field(page, 'combobox', 'How did you find us?')).toHaveValue('tv');
    await expect(page.getByRole('checkbox', { name: 'Forests and mountains' })).toBeChecked();
    await axeClean(page, axe, '/mypage/edit (midori)');

    // One address: filled at once (midori asks for the prefecture, not the address).
    await field(page, 'textbox', 'Postal code').fill('1000001');
    await mainButton(page, 'Find address').click();
    await expect(field(page, 'combobox', 'Prefecture')).toHaveValue('13');
    // The same code again: the choice, with Confirm off until one is picked.
    await field(page, 'combobox', 'Prefecture').selectOption('1');
    await mainButton(page, 'Find address').click();
    const dialog = page.getByRole('dialog', { name: 'Choose your address' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await axeClean(page, axe, '/mypage/edit (address choice)');
    await dialog.getByRole('radio', { name: '東京都' }).check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(field(page, 'combobox', 'Prefecture')).toHaveValue('13');

    await field(page, 'textbox', 'Given name (katakana)').fill('ハナコ');
    await page.getByRole('checkbox', { name: 'Oceans' }).check();
    await mainButton(page, 'Change').click();
    await expect(page).toHaveURL(/\/mypage\/edit\/complete/);
    await expect(page.getByRole('heading', { level: 1, name: 'Member information updated' })).toBeVisible();
    await axeClean(page, axe, '/mypage/edit/complete (midori)');

    await page.goto(storeUrl('midori', '/mypage/edit?lang=en'));
    await expect(field(page, 'textbox', 'Given name (katakana)')).toHaveValue('ハナコ');
    await expect(field(page, 'textbox', 'Postal code')).toHaveValue('1000001');
    await expect(field(page, 'combobox', 'Prefecture')).toHaveValue('13');
    await expect(page.getByRole('checkbox', { name: 'Oceans' })).toBeChecked();

    // No profile images on midori: the page does not exist.
    allowConsoleErrors(/status of 404/);
    const res = await page.goto(storeUrl('midori', '/mypage/profile/edit?lang=en'));
    expect(res?.status()).toBe(404);
  });
});
