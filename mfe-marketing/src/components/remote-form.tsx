import { FOLLOW_UP_PROMISE } from '@agency/contracts';
import { Component, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useHost, type RemotePageProps } from '@agency/contracts/client';
import { useNearViewport } from './use-near-viewport';

/** Forms sit below the fold: their code loads as the visitor scrolls towards them, not with the first paint. */
const FORM_MARGIN = '600px';

/** The lead forms `mfe-quoting` exposes for marketing pages (see its module-federation.config.ts). */
type FormModule = 'enquiry-form' | 'consultation-form';
type Loaded = ComponentType<RemotePageProps & Record<string, unknown>>;

class RenderGuard extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('Lead form failed to render', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function FormFallback({ onRetry }: { onRetry: () => void }) {
  const { config } = useHost();
  return (
    <div
      role="note"
      data-testid="form-fallback"
      className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-slate-800"
    >
      <p className="font-semibold">Our online form isn't available right now.</p>
      <p className="mt-2">
        Call us on{' '}
        <a className="font-semibold text-brand-700 underline" href={`tel:${config.supportPhone.replace(/\s+/g, '')}`}>
          {config.supportPhone}
        </a>{' '}
        or email{' '}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${config.supportEmail}`}>
          {config.supportEmail}
        </a>{' '}
        and we'll get back to you {FOLLOW_UP_PROMISE}.
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 text-sm font-semibold text-slate-700 underline hover:text-slate-900"
      >
        Try loading the form again
      </button>
    </div>
  );
}

/**
 * Renders a quoting form through federation. Marketing never imports quoting's source: if that remote is
 * down the page still works and shows the phone number and email where the form would be.
 */
export function RemoteForm({ module, props = {} }: { module: FormModule; props?: Record<string, unknown> }) {
  const host = useHost();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed' } | { status: 'ready'; Form: Loaded }>({
    status: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const [box, near] = useNearViewport<HTMLDivElement>({ margin: FORM_MARGIN });

  useEffect(() => {
    if (!near) return;
    let live = true;
    host.loadRemote<{ default: Loaded }>(`quoting/${module}`).then(
      (mod) => live && setState({ status: 'ready', Form: mod.default }),
      (error: unknown) => {
        console.warn(`quoting/${module} unavailable`, error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [host, module, attempt, near]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  if (state.status === 'loading') {
    return (
      <div ref={box} role="status" className="h-64 animate-pulse rounded-xl bg-slate-100">
        <span className="sr-only">Loading form...</span>
      </div>
    );
  }
  if (state.status === 'failed') return <FormFallback onRetry={retry} />;
  const { Form } = state;
  return (
    <RenderGuard key={attempt} fallback={<FormFallback onRetry={retry} />}>
      <Form host={host} {...props} />
    </RenderGuard>
  );
}
