import fs from 'node:fs';
import path from 'node:path';
import { request, type FullConfig } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

import { DEMO_STATE } from './auth-state';

/** Signs the demo user in through the API once (not through the form) and saves the cookies. */
export default async function globalSetup(config: FullConfig) {
  const baseURL = String(config.projects[0].use.baseURL);
  const context = await request.newContext({ baseURL });
  const { csrfToken } = await (await context.get('/api/auth/csrf')).json();
  const response = await context.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: DEMO_EMAIL, password: DEMO_PASSWORD, callbackUrl: '/dashboard' },
    maxRedirects: 0,
  });
  if (response.status() !== 302 || (response.headers().location ?? '').includes('error')) {
    throw new Error(`demo sign-in failed: ${response.status()} ${response.headers().location}`);
  }
  fs.mkdirSync(path.dirname(DEMO_STATE), { recursive: true });
  await context.storageState({ path: DEMO_STATE });
  await context.dispose();
}
