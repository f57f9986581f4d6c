import { RemoteForm } from '../../components/remote-form';
import { Section } from '../../components/layout';
import { HomeHero } from './home-hero';
import { Audiences, ExplainerSection, PainsSolved, Process, ProblemStatement } from './home-sections';

export function HomePage() {
  return (
    <>
      <HomeHero />
      <ProblemStatement />
      <ExplainerSection />
      <PainsSolved />
      <Audiences />
      <Process />
      <Section
        id="contact-form"
        title="Tell Us About Your Business"
        intro="Send us a message and we'll reply within 24 hours, Monday to Friday."
      >
        <div className="max-w-3xl">
          <RemoteForm module="enquiry-form" />
        </div>
      </Section>
    </>
  );
}
