import { checkAnswers } from '../src/platform/http/routes';

// Every test's gateway in this process checks its JSON answers against the endpoint table (routes.ts).
checkAnswers(true);
