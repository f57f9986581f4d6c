import { exposedModule } from '@agency/contracts/client';
import './styles.css';

export const withHost = exposedModule({ remote: 'marketing' });
