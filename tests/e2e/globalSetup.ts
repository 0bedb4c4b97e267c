import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { buildSpa, startPlatform } from '../../scripts/startPlatform';
import { CHROMIUM, CHROMIUM_ARGS } from './support/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The run's one Chromium, which every test file connects to (each with its own contexts). */
    browserEndpoint: string;
  }
}

/**
 * Builds the SPA and starts the platform the way `npm start` does; browser tests get its URL. One Chromium serves
 * every test file (each opens its own contexts: no cookies or storage are shared), instead of one launch per file.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') buildSpa();
  const platform = await startPlatform();
  const browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true }).catch(async (err) => {
    await platform.stop();
    throw err;
  });
  project.provide('baseURL', platform.baseURL);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await platform.stop();
  };
}
