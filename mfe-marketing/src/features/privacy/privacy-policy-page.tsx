import type { ReactNode } from 'react';
import { BUSINESS, formatAddress } from '@agency/contracts';
import { useHost } from '@agency/contracts/client';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

/** Written for the New Zealand Privacy Act 2020; the periods are the spec's (site-and-accounts §9). */
export function PrivacyPolicyPage() {
  const { config } = useHost();
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Privacy Policy</h1>
      <p className="mt-3 text-slate-600">
        Last updated: <time dateTime="2025-05-16">16 May 2025</time>
      </p>
      <p className="mt-6 text-lg text-slate-700">
        {BUSINESS.name} respects your privacy. This policy explains what personal information we collect through this
        website and our services, why, and what you can do about it. We follow the New Zealand Privacy Act 2020.
      </p>
      <Part title="Information We Collect">
        <p>We collect information you give us, such as:</p>
        <ul className="list-disc pl-5">
          <li>
            your name, email address, phone number and business name when you send an enquiry, request a quote or
            consultation, or sign up for our free audio;
          </li>
          <li>details about your business, goals and budget that you choose to share in those forms;</li>
          <li>your username and password (stored only as a secure hash) if you have a client account.</li>
        </ul>
        <p>
          We also collect technical information automatically: pages visited, the device and browser used, and, where
          analytics or advertising tools are enabled, the events described under Cookies.
        </p>
      </Part>
      <Part title="How We Use Your Information">
        <p>
          We use your information to reply to you, prepare quotes and proposals, deliver and report on the services you
          buy, send the resources you asked for, keep your account secure, and improve our website. We do not sell your
          information.
        </p>
      </Part>
      <Part title="Disclosure">
        <p>
          We share information only with service providers who help us run our business (such as email delivery,
          hosting, scheduling and analytics), under agreements that protect it, or where the law requires us to.
        </p>
      </Part>
      <Part title="Storage and Security">
        <p>
          Your information is stored on secure servers with access limited to our team. Passwords are hashed,
          connections are encrypted, and we review our safeguards regularly.
        </p>
        <p>
          We keep lead information (enquiries, quote requests and sign-ups) for up to 2 years unless you become a
          client. We keep client information for the length of our relationship plus 7 years, as tax and business
          records require.
        </p>
      </Part>
      <Part title="Your Rights">
        <p>
          You may ask to see the personal information we hold about you and ask us to correct it. We will answer every
          request within 20 working days. You may also unsubscribe from our emails at any time.
        </p>
        <p>
          <a className="text-brand-700 underline" href="/privacy-request">
            Ask for a copy, a correction or deletion of your personal information
          </a>
          .
        </p>
      </Part>
      <Part title="Cookies">
        <p>
          We use a session cookie to keep clients signed in. Analytics (Google Analytics) and advertising tools (the
          Meta pixel and Google&apos;s ad signals) run only if you accept them in our cookie banner, and you can change
          your choice at any time under Cookie settings at the foot of every page. If you accept advertising and send us
          a form, our server also tells Meta and Google about it, with your email address, phone number and first name
          in a one-way scrambled (hashed) form, your IP address and your browser&apos;s name, so they can count the
          results of our ads without counting you twice. You can block or delete cookies in your browser settings; the
          public pages still work without them.
        </p>
      </Part>
      <Part title="Third-Party Links">
        <p>
          Our website links to other sites, such as our booking calendar and social media pages. Their privacy practices
          are their own; please read their policies.
        </p>
      </Part>
      <Part title="International Transfers">
        <p>
          Some of our service providers store data outside New Zealand. Where they do, we take reasonable steps to make
          sure your information is protected to a standard comparable to the Privacy Act 2020.
        </p>
      </Part>
      <Part title="Changes to This Policy">
        <p>We may update this policy from time to time. The date at the top shows when it last changed.</p>
      </Part>
      <Part title="Contact Us">
        <p>For privacy questions or requests, contact our privacy officer:</p>
        <address className="not-italic">
          {BUSINESS.name}
          <br />
          {formatAddress()}
          <br />
          Email:{' '}
          <a className="text-brand-700 underline" href={`mailto:${config.supportEmail}`}>
            {config.supportEmail}
          </a>
          <br />
          Phone:{' '}
          <a className="text-brand-700 underline" href={`tel:${config.supportPhone.replace(/\s+/g, '')}`}>
            {config.supportPhone}
          </a>
        </address>
        <p>
          If you are not satisfied with our response, you can contact the Office of the Privacy Commissioner at
          privacy.org.nz.
        </p>
      </Part>
    </article>
  );
}
