import { expect, test, type Page } from '@playwright/test';

/**
 * A new merchant's whole account life in a real browser: registration through the dev mailbox
 * (the e2e server runs with DEV_MAILBOX=1 and no SMTP_URL), sign-out, sign-in, phone verification
 * by an SMS code from the dev mailbox, language and theme in settings, and account deletion.
 */
const stamp = Date.now().toString(36);
const email = `e2e-${stamp}@bakery.example`;
const password = 'Matcha-Latte-2026';
// A number of this run's own (a valid Chinese mobile): a retry must never read the code an
// earlier attempt sent to the same number.
const phone = `138${String(Date.now() % 100_000_000).padStart(8, '0')}`;

async function codeFromMailbox(page: Page, query: string): Promise<string> {
  const mailbox = await page.context().newPage();
  let code = '';
  await expect(async () => {
    await mailbox.goto(`/dev/mailbox?${query}`);
    // The body only: the recipient (a phone) and the time also contain digits.
    // A short wait, so that a page loaded before the message was stored is loaded again.
    const text = (await mailbox.getByTestId('mailbox-message').first().getByTestId('mailbox-body').textContent({ timeout: 2_000 })) ?? '';
    code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });
  await mailbox.close();
  return code;
}

test('register, sign out and in, verify the phone, switch language and theme, delete the account', async ({ page }) => {
  // Some 60 steps; on a busy 2-core machine they took just over 120 s.
  test.setTimeout(180_000);

  // 1. Registration: e-mail, code from the dev mailbox, details.
  await page.goto('/portal');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[name="code"]')).toBeVisible();
  // A wrong code is refused beside the field.
  await page.locator('input[name="code"]').fill('000000');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  const code = await codeFromMailbox(page, `channel=email&to=${encodeURIComponent(email)}`);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('form button[type="submit"]').click();

  await expect(page.locator('input[name="userName"]')).toBeVisible();
  // Required fields and the password rules are shown beside each field.
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('[role="alert"]')).not.toHaveCount(0);
  await page.locator('input[name="userName"]').fill('周小满');
  await page.locator('input[name="merchantName"]').fill('小满烘焙 Xiaoman Bakery');
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirmPassword"]').fill(password);
  await page.locator('input[name="address"]').fill('成都市锦江区春熙路 8 号');
  await page.locator('input[name="phone"]').fill('+86 28 8666 1234');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });

  // 2. Sign out from settings, then sign in with the new password.
  await page.goto('/chat/settings');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fprofile/);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/profile/, { timeout: 20_000 });

  // 3. Verify the phone with the SMS code from the dev mailbox.
  await expect(page.getByTestId('phone-status')).toHaveText('未验证');
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const smsCode = await codeFromMailbox(page, `channel=sms&to=${encodeURIComponent(`+86${phone}`)}`);
  await page.locator('input[name="code"]').fill(smsCode);
  await page.getByRole('button', { name: '验证手机号' }).click();
  await expect(page.getByTestId('phone-status')).toHaveText('已验证');
  await page.reload();
  await expect(page.getByTestId('phone-status')).toHaveText('已验证');

  // 4. Language and theme in settings.
  await page.goto('/chat/settings');
  await page.getByTestId('language-en-US').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('theme-light').click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

  // 5. Delete the account: a wrong password is refused, the right one deletes and signs out.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="password"]').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.locator('input[name="password"]').fill(password);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/dashboard/);
  await expect(page.getByRole('alert').first()).toBeVisible();
});

test('the More page shows the plan and trial end, and starts a trial', async ({ page, request }) => {
  // A fresh account through the public API (the registration UI is covered above).
  const mail = `more-${stamp}@bakery.example`;
  expect((await request.post('/api/user/sendEmailCode', { data: { email: mail } })).status()).toBe(200);
  const code = await codeFromMailbox(page, `channel=email&to=${encodeURIComponent(mail)}`);
  const verified = await (await request.post('/api/user/validateEmailCode', { data: { email: mail, code } })).json();
  const registered = await request.post('/api/user/register', {
    data: { verificationToken: verified.data.verificationToken, userName: 'Leo', merchantName: 'Leo Dim Sum 李记点心', address: '1 Nathan Road', password, confirmPassword: password },
  });
  expect(registered.status()).toBe(200);

  await page.goto('/login');
  await page.locator('input[name="email"]').fill(mail);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
  await page.goto('/more');
  await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-plan', 'none');
  await page.getByTestId('start-trial').click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: /开始免费试用|Start free trial/ }).click();
  await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-plan', 'trial');
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-status', 'TRIAL_ACTIVE');
  await expect(page.getByTestId('current-status')).toHaveText(/试用中|Trial active/);
  await expect(page.getByTestId('trial-end')).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('upgrade')).toHaveAttribute('href', '/more/upgrade');
});
