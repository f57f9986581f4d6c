import { RemoteForm } from '../../components/remote-form';
import { CaseStudiesSection } from '../../components/case-studies';
import { Section } from '../../components/layout';
import { FOLLOW_UP_PROMISE, HOME_CASE_STUDIES } from '@agency/contracts';
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
      <CaseStudiesSection limit={HOME_CASE_STUDIES} tone="tint" />
      <Section
        id="contact-form"
        title="Tell Us About Your Business"
        intro={`Send us a message and we'll reply ${FOLLOW_UP_PROMISE}.`}
      >
        <div className="max-w-3xl">
          <RemoteForm module="enquiry-form" />
        </div>
      </Section>
    </>
  );
}
