import { mountStandalone } from '@agency/contracts/client';

// Every exposed page at its route, so the remote can be worked on without the shell.
mountStandalone('marketing', (module) => import(`./exposed/${module}.tsx`));
