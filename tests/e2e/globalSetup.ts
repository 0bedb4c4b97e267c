import type { TestProject } from 'vitest/node';
import { buildSpa, startPlatform } from '../../scripts/startPlatform';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Builds the SPA and starts the platform the way `npm start` does; browser tests get its URL. */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') buildSpa();
  const platform = await startPlatform();
  project.provide('baseURL', platform.baseURL);
  return platform.stop;
}
