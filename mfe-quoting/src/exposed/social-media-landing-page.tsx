import { SocialMediaLandingPage } from '../features/social-media/social-media-landing-page';
import { withHost } from './with-host';

export default withHost(SocialMediaLandingPage);
