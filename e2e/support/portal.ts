import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { gatewayCli } from '@agency/gateway/testing';

const run = promisify(execFile);

/** Runs one of the gateway's built CLIs (seed-demo, create-admin, ...) against the suite gateway's data. */
export const cli = (name: string, env: Record<string, string> = {}) =>
  run(process.execPath, [gatewayCli(name)], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: process.env.E2E_DATA_DIR!, LOG_LEVEL: 'silent', ...env },
  });

/** The demo accounts `seed:demo` creates. */
export const DEMO_PASSWORD = 'Demo#Portal2026';

/** Submits the login form; what follows (dashboard, or a refusal toast) is the caller's to check. */
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
