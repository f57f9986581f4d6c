import { exposedModule } from '@agency/contracts/client';
import './styles.css';

// Quoting's server-rendered controls stay disabled until its code has taken them over (decision 0013).
export const withHost = exposedModule({ remote: 'quoting', disableControlsUntilHydrated: true });
