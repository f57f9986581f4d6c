import { startGateway } from './gateway';

/** One gateway for the suite; tests that change deployments start their own. */
export default async function globalSetup() {
  const gateway = await startGateway();
  process.env.E2E_BASE_URL = gateway.url;
  return () => gateway.stop();
}
