import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Component, type ReactNode } from 'react';

type Props = {
  /** What could not be shown, in the message: "this page", "the feedback tool". */
  what: string;
  /** A new value (the address, when the teacher navigates) clears the failure. */
  resetKey?: string;
  children: ReactNode;
};

/**
 * Catches a part of a teacher's page that failed to load its code (offline, or a tab left
 * open while a new version replaced the files) or to render, and says so in its place:
 * without it, React unmounts the whole app and the teacher is left with a blank screen.
 * Reloading fetches the current files.
 */
export class LoadErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="my-4 space-y-3">
        <Alert tone="error">
          {`We couldn't load ${this.props.what}. Please check your connection, then reload the page.`}
        </Alert>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    );
  }
}
