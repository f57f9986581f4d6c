import type { RemotePageProps } from '@agency/contracts';
import { HostProvider } from '../../host-context';
import { HomeHero } from './home-hero';
import '../../styles.css';

export default function HomePage({ host }: RemotePageProps) {
  return (
    <HostProvider host={host}>
      <HomeHero />
    </HostProvider>
  );
}
