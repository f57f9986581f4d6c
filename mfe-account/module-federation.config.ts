import { remoteFederationConfig } from '@agency/contracts/build';

export default remoteFederationConfig({ context: import.meta.dirname, remote: 'account' });
