import { Component, type ReactNode } from 'react';
import { Alert, Button } from '@mui/material';

interface State {
  error: Error | null;
}

/** Keeps one broken screen from blanking the whole shell. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };
  static getDerivedStateFromError(error: Error): State {
    return { error };
  }
  render() {
    if (this.state.error) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          Something went wrong on this screen: {this.state.error.message}
        </Alert>
      );
    }
    return this.props.children;
  }
}
