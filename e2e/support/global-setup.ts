import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startGateway } from '@agency/gateway/testing';
import { testToneWav } from './test-tone';

export const TEST_AUDIO_PATH = '/media/test-tone.wav';

/** One gateway for the suite; tests that change deployments start their own. */
export default async function globalSetup() {
  const gateway = await startGateway({ REAL_TALK_AUDIO_URL: TEST_AUDIO_PATH });
  await mkdir(path.join(gateway.dataDir, 'media'), { recursive: true });
  await writeFile(path.join(gateway.dataDir, 'media', path.basename(TEST_AUDIO_PATH)), testToneWav());
  process.env.E2E_BASE_URL = gateway.url;
  process.env.E2E_DATA_DIR = gateway.dataDir;
  return () => gateway.stop();
}
