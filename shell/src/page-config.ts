import { defaultPublicConfig } from '@agency/contracts';
import { readPublicConfig } from '@agency/contracts/client';

/**
 * The config the gateway embedded in this page, read once. On the server there is no page to read it from: server.tsx
 * sets each render's on the host API.
 */
export const pageConfig = typeof document === 'undefined' ? defaultPublicConfig : readPublicConfig(document);
