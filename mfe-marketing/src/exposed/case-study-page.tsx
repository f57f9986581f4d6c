import { CaseStudyPage } from '../features/case-studies/case-study-page';
import { withHost } from './with-host';

export default withHost(CaseStudyPage);
