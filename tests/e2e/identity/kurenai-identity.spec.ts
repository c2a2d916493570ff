/**
 * kurenai in English (?lang=en): the policy step comes first (4 steps) with an external privacy
 * policy that needs its own consent box; the form follows the store's signupFields (no name
 * fields, sex as radio buttons without "Prefer not to say", an optional user ID checked for
 * availability); code login is the store's default. One project is enough: desktop.
 * Spec: public-area.md sections 2, 4, 5; tenants/kurenai.json.
 */
import { expect, test, waitForHydration } from '../fixtures.ts';
import {
  expectSignedInHeader,
  expectSignedOutHeader,
  field,
  kurenaiToDetailsForm,
  logOutThroughMenu,
  mainButton,
  newPassword,
  Outbox,
  randomSuffix,
  readPolicyToEnd,
  signUpOnKurenai,
  tenantIdentity,
  uniqueEmail,
} from './support.ts';

const STORE = 'kurenai';
const tenant = tenantIdentity(STORE);
const terms = tenant.policies.find((p) => !p.isExternal);
const privacy = tenant.policies.find((p) => p.isExternal);

test.skip(({ isMobile }) => isMobile, 'the English kurenai flows run in one project (desktop)');

test('sign-up in English starts with the policies, follows the store fields, and code login is the default', async ({
  page,
  context,
  storeUrl,
}) => {
  if (!terms || !privacy) throw new Error('kurenai has one internal and one external policy');
  expect(tenant.passwordStrength).toBe('UPPER_CASE_SYMBOL');
  const email = uniqueEmail('kurenai');
  const password = newPassword('UPPER_CASE_SYMBOL');
  const userId = `kr${randomSuffix(8)}`;
  const outbox = await Outbox.open(context, storeUrl(STORE, '/dev/outbox'));

  // Step 1 of 4: the policies.
  await page.goto(storeUrl(STORE, '/signup?lang=en'));
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/signup\?lang=en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and policies' })).toBeVisible();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sign-up steps' }).getByRole('listitem')).toHaveCount(4);
  const agree = mainButton(page, 'Agree and continue');
  await expect(agree).toBeDisabled();
  // The external policy: a link to read it in a new tab, and a consent box of its own.
  const external = page.getByRole('main').getByRole('region', { name: privacy.title.en });
  const readLink = external.getByRole('link', { name: new RegExp(`^Read the ${privacy.title.en}`) });
  await expect(readLink).toHaveAttribute('href', privacy.externalUrl ?? '');
  await expect(readLink).toHaveAttribute('target', '_blank');
  const consent = external.getByRole('checkbox', { name: `I agree to the ${privacy.title.en}` });
  await expect(consent).not.toBeChecked();
  // Reading the internal terms enables the button, but the external consent is still required.
  await readPolicyToEnd(page, terms.title.en ?? terms.title.ja);
  await expect(agree).toBeEnabled();
  await agree.click();
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(external.getByText('Your consent is required.')).toBeVisible();
  await expect(page).toHaveURL(/\/signup\?lang=en$/);
  await consent.check();
  await agree.click();

  // Step 2 of 4: e-mail and code.
  await expect(page).toHaveURL(/\/signup\/auth$/);
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign up with e-mail' }).click();
  await expect(page).toHaveURL(/\/signup\/email$/);
  await field(page, 'textbox', 'E-mail address').fill(email);
  await field(page, 'textbox', 'E-mail address (again)').fill(email);
  await mainButton(page, 'Send a sign-up code').click();
  await expect(page).toHaveURL(/\/signup\/pin-code$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter the sign-up code' })).toBeVisible();
  await expect(mainButton(page, 'Resend the sign-up code')).toBeDisabled();
  await field(page, 'textbox', 'Sign-up code').fill(await outbox.code(email));
  await mainButton(page, 'Verify and continue').click();

  // Step 3 of 4: the details, as this store configures them (no policy step again).
  await expect(page).toHaveURL(/\/signup\/form$/);
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await waitForHydration(page);
  // name and nameKana are not in kurenai's signupFields: NOT_USE by default, so not on the form.
  expect(tenant.signupFields.name ?? 'NOT_USE').toBe('NOT_USE');
  expect(tenant.signupFields.nameKana ?? 'NOT_USE').toBe('NOT_USE');
  await expect(field(page, 'textbox', 'Full name')).toHaveCount(0);
  await expect(field(page, 'textbox', 'Full name (katakana)')).toHaveCount(0);
  // Sex: radio buttons (genderInputType Radio) without the decline option (disallowUnknownGender).
  const sex = page.getByRole('group', { name: /^Sex/ });
  await expect(sex.getByRole('radio')).toHaveCount(3);
  for (const option of ['Male', 'Female', 'Other']) await expect(sex.getByRole('radio', { name: option, exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Prefer not to say' })).toHaveCount(0);
  await expect(field(page, 'combobox', 'Sex')).toHaveCount(0);
  // The password rules include a symbol (UPPER_CASE_SYMBOL).
  await expect(page.getByRole('list', { name: 'Password rules' }).getByText('A symbol (such as !#$%)')).toBeVisible();

  // The user ID is checked when the field is left.
  const userIdBox = field(page, 'textbox', 'User ID');
  await userIdBox.fill(userId);
  await userIdBox.press('Tab');
  await expect(page.getByRole('status').filter({ hasText: 'This user ID is available.' })).toBeVisible();
  await field(page, 'textbox', 'Nickname').fill('Crimson fan');
  await sex.getByRole('radio', { name: 'Other', exact: true }).check();
  await field(page, 'textbox', 'Password').fill(password);
  await field(page, 'textbox', 'Password (again)').fill(password);
  await mainButton(page, 'Sign up').click();

  await expect(page).toHaveURL(/\/signup\/(plans|complete)$/);
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await expectSignedInHeader(page, 'en');
  await logOutThroughMenu(page, 'en');

  // Code login is this store's default mode: no password field, no loginType in the address.
  // Typed in: client-side navigation to /login is broken (see aozora-identity.spec.ts).
  await page.goto(storeUrl(STORE, '/login'));
  await waitForHydration(page);
  await expect(field(page, 'textbox', 'Password')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in with a password instead' })).toBeVisible();
  // The user ID chosen at sign-up identifies the member; the code goes to the e-mail address.
  await field(page, 'textbox', 'E-mail address or user ID').fill(userId);
  const codesBefore = await outbox.count(email, 'code');
  await mainButton(page, 'Send a login code').click();
  await expect(page).toHaveURL(storeUrl(STORE, '/login/code'));
  await expect(page.getByRole('heading', { level: 1, name: 'Enter the login code' })).toBeVisible();
  await field(page, 'textbox', 'Login code').fill(await outbox.code(email, codesBefore));
  await mainButton(page, 'Log in').click();
  await expect(page).toHaveURL(storeUrl(STORE, '/'));
  await expectSignedInHeader(page, 'en');
});

test('a user ID already taken is reported when the field is left', async ({ page, context, storeUrl, allowConsoleErrors }) => {
  // The availability check answers 409 for a taken ID, which Chromium logs as a failed resource.
  allowConsoleErrors(/status of 409/);
  const outbox = await Outbox.open(context, storeUrl(STORE, '/dev/outbox'));
  const userId = `kt${randomSuffix(8)}`;

  // A first member takes the user ID.
  await signUpOnKurenai(page, outbox, storeUrl, { userId });
  await logOutThroughMenu(page, 'en');

  // A second newcomer asks for the same one.
  await kurenaiToDetailsForm(page, outbox, storeUrl, uniqueEmail('kurenai-second'));
  const userIdBox = field(page, 'textbox', 'User ID');
  await userIdBox.fill(userId);
  await userIdBox.press('Tab');
  await expect(userIdBox).toHaveAttribute('aria-invalid', 'true');
  await expect(userIdBox).toHaveAccessibleDescription(/This user ID is already in use\. Please register a different user ID\./);
  await expect(page.getByText('This user ID is available.')).toHaveCount(0);
  // Another one is available.
  await userIdBox.fill(`${userId}x`);
  await userIdBox.press('Tab');
  await expect(page.getByRole('status').filter({ hasText: 'This user ID is available.' })).toBeVisible();
  await expect(userIdBox).not.toHaveAttribute('aria-invalid', 'true');
  await expectSignedOutHeader(page, 'en');
});
