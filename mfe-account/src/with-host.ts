import { exposedModule } from '@agency/contracts/client';
import './styles.css';

// The sign-in pages are server-rendered: their controls stay disabled until the code has taken them over (decision 0013).
export const withHost = exposedModule({ remote: 'account', disableControlsUntilHydrated: true });
