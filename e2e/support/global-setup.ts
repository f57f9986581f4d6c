import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startGateway } from '@agency/gateway/testing';
import { createClient } from '@libsql/client';
import { SAMPLE_CASE_STUDY } from './sample-paths';
import { testToneWav } from './test-tone';

export const TEST_AUDIO_PATH = '/media/test-tone.wav';

/** One gateway for the suite; tests that change deployments start their own. */
export default async function globalSetup() {
  const gateway = await startGateway({ REAL_TALK_AUDIO_URL: TEST_AUDIO_PATH });
  await mkdir(path.join(gateway.dataDir, 'media'), { recursive: true });
  await writeFile(path.join(gateway.dataDir, 'media', path.basename(TEST_AUDIO_PATH)), testToneWav());
  // One active case study, so every route of the route table has a page to visit (support/sample-paths.ts).
  const db = createClient({ url: `file:${path.join(gateway.dataDir, 'agency.db')}` });
  await db.execute({
    sql: 'INSERT INTO case_studies (title, slug, category, scenario, challenges, sortOrder, isActive) VALUES (?, ?, ?, ?, ?, 0, 1)',
    args: [
      SAMPLE_CASE_STUDY.title,
      SAMPLE_CASE_STUDY.slug,
      'Hospitality',
      SAMPLE_CASE_STUDY.scenario,
      '["Few local searches"]',
    ],
  });
  db.close();
  process.env.E2E_BASE_URL = gateway.url;
  process.env.E2E_DATA_DIR = gateway.dataDir;
  return () => gateway.stop();
}
