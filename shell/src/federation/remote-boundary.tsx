import { Component, type ReactNode } from 'react';

interface Props {
  fallback: (error: Error, retry: () => void) => ReactNode;
  onRetry: () => void;
  /** Told of every error caught (the page's measurements count them). */
  onError?: (error: Error) => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failing remote inside its own section: the header, footer and other routes stay usable. */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error('Remote section failed', error);
    this.props.onError?.(error);
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}
