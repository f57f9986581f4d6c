import { expect, type Page } from '@playwright/test';

/**
 * Submits the login form; what follows (dashboard, or a refusal toast) is the caller's to check. For tests of
 * signing in, and of accounts other than the demo ones (a demo account's test opens the dashboard already signed
 * in: the `dashboardAs` fixture).
 */
export async function login(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function signIn(page: Page, username: string, password: string) {
  await login(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}
