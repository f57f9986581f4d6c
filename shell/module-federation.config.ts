import { hostFederationConfig } from '@agency/contracts/build';

export default hostFederationConfig({ context: import.meta.dirname, name: 'agency_shell' });
